/**
 * Spec endpoints: {@code GET /spec.yaml} (the loaded spec file) and Swagger UI
 * ({@code /specui.html}, assets under {@code /specui/}) from the swagger-ui webjar. IO thread.
 */
package io.lumen.validator.ui;
