package com.networknt.petstore.handler;

/** Stand-in for light-example-4j Swagger 2.0 petstore's handler of this name. */
public class UserUsernameGetHandler extends SwaggerPetstoreStandIn {
}
