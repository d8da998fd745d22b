package io.lumen.spring.it;

import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The session cookie is {@code HttpOnly}, as on Tomcat, unless the application sets
 * {@code server.servlet.session.cookie.http-only} (found with springdoc's oauth-resource-server-webmvc
 * demo, whose Spring Security session cookie Undertow sent without it).
 */
class SessionCookieTest extends AppTestBase {

    @Test
    void sessionCookieIsHttpOnlyByDefault() throws Exception {
        HttpResponse<String> r = Http.get(uri("/spring/session"));
        assertEquals(200, r.statusCode(), r.body());
        String cookie = r.headers().firstValue("Set-Cookie").orElseThrow();
        assertTrue(cookie.startsWith("JSESSIONID="), cookie);
        assertTrue(cookie.toLowerCase().contains("; httponly"), cookie);
    }

    @Test
    void theApplicationsOwnSettingWins() throws Exception {
        try (ConfigurableApplicationContext app = Apps.start(Apps.dir("lumen-it"),
                "server.servlet.session.cookie.http-only=false")) {
            HttpResponse<String> r = Http.get(Apps.uri(app, "/spring/session"));
            String cookie = r.headers().firstValue("Set-Cookie").orElseThrow();
            assertFalse(cookie.toLowerCase().contains("httponly"), cookie);
        }
    }
}
