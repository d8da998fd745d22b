/**
 * Path templates ({@code /v1/pets/{petId}}, {@code /static/*}): one parser shared by the router
 * of handler.yml and the OpenAPI spec model, so both read a template the same way.
 */
package io.lumen.path;
