package io.lumen.spring.it;

import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 25 item 4: Lumen's own refusals of a browser request (400 from the validator, 401 from security)
 * carry the CORS headers Spring would have added for that path, so the browser shows the error instead
 * of a CORS failure; without {@code Origin}, or for an origin Spring does not allow, nothing is added.
 */
class CorsOnLumenAnswersTest extends AppTestBase {

    @Test
    void aValidatorRefusalCarriesTheHeadersOfCrossOrigin() throws Exception {
        HttpResponse<String> r = Http.get(uri("/cors/items/0"), "Origin", "https://other.example");
        assertEquals(400, r.statusCode(), r.body());
        assertEquals("*", r.headers().firstValue("Access-Control-Allow-Origin").orElse(null), r.headers().toString());
        HttpResponse<String> ok = Http.get(uri("/cors/items/3"), "Origin", "https://other.example");
        assertEquals(200, ok.statusCode());
        assertEquals("*", ok.headers().firstValue("Access-Control-Allow-Origin").orElse(null), "Spring's own answer");
    }

    @Test
    void aSecurityRefusalCarriesTheHeadersOfAWebMvcConfigurerMapping() throws Exception {
        HttpResponse<String> r = Http.get(uri("/mapped/secure"), "Origin", CorsMappings.ORIGIN);
        assertEquals(401, r.statusCode(), r.body());
        assertEquals(CorsMappings.ORIGIN, r.headers().firstValue("Access-Control-Allow-Origin").orElse(null),
                r.headers().toString());
        assertEquals("true", r.headers().firstValue("Access-Control-Allow-Credentials").orElse(null));
        assertEquals("X-Trace", r.headers().firstValue("Access-Control-Expose-Headers").orElse(null));
        assertTrue(r.headers().allValues("Vary").stream().anyMatch(v -> v.contains("Origin")), r.headers().toString());
    }

    @Test
    void anOriginSpringDoesNotAllowOrNoOriginGetsNoCorsHeaders() throws Exception {
        HttpResponse<String> other = Http.get(uri("/mapped/secure"), "Origin", "https://evil.example");
        assertEquals(401, other.statusCode());
        assertNull(other.headers().firstValue("Access-Control-Allow-Origin").orElse(null));
        HttpResponse<String> none = Http.get(uri("/cors/items/0"));
        assertEquals(400, none.statusCode());
        assertNull(none.headers().firstValue("Access-Control-Allow-Origin").orElse(null));
    }
}
