/**
 * Stand-ins for the business handlers that the light-4j petstore examples' handler.yml files name
 * (the one part of a light-4j service a migration rewrites): plain Undertow handlers answering
 * fixed pets, so the tests check the framework's chain around them.
 */
package com.networknt.petstore.handler;
