package io.lumen.spring.it;

import io.lumen.security.VerifiedToken;
import io.lumen.spring.LumenRequest;
import io.lumen.validator.validation.ValidatedRequest;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.bind.annotation.CrossOrigin;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** The Spring side of the integration tests. */
@RestController
public class TestControllers {

    /** CORS through {@code @CrossOrigin} (any origin). */
    @CrossOrigin
    @GetMapping("/cors/items/{id}")
    public Map<String, Object> corsItem(@PathVariable long id) {
        return Map.of("id", id);
    }

    /** CORS through a {@code WebMvcConfigurer} mapping ({@link CorsMappings}). */
    @GetMapping("/mapped/secure")
    public String mappedSecure() {
        return "secure";
    }

    /** An exception for Boot's /error (its message must reach the error JSON). */
    @GetMapping("/spring/boom")
    public String boom() {
        throw new IllegalStateException("boom from the controller");
    }

    /** Sets the response locale, as a template engine does for every page it renders. */
    @GetMapping("/spring/locale")
    public String locale(@RequestParam String tag, HttpServletResponse response) {
        response.setLocale(Locale.forLanguageTag(tag));
        return "locale " + tag;
    }

    /** Starts a session, as Spring Security's request cache or a form login does. */
    @GetMapping("/spring/session")
    public String session(HttpServletRequest request) {
        return "session " + request.getSession(true).getId().isEmpty();
    }

    @GetMapping("/spring/hello")
    public String hello() {
        return "hello from spring";
    }

    /** The shop of the context-path tests (lumen-shop: context path /shop, spec server URL .../shop/api) and of lumen-cp. */
    @GetMapping({"/api/items/{id}", "/cp/items/{id}"})
    public Map<String, Object> item(@PathVariable long id, LumenRequest lumen) {
        return Map.of("id", id, "endpoint", String.valueOf(lumen.endpoint()));
    }

    /** What a controller behind Lumen's chain learns, through a parameter and through attributes. */
    @GetMapping("/v1/pets/{petId}")
    public Map<String, Object> pet(@PathVariable long petId, LumenRequest lumen, VerifiedToken token,
                                   ValidatedRequest validated,
                                   @RequestAttribute(name = LumenRequest.CLIENT_ID, required = false) String clientId,
                                   @RequestAttribute(name = LumenRequest.CORRELATION_ID, required = false) String correlationId) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("petId", petId);
        out.put("clientId", lumen.clientId());
        out.put("userId", lumen.userId());
        out.put("attrClientId", clientId);
        out.put("attrCorrelationId", correlationId);
        out.put("correlationId", lumen.correlationId());
        out.put("scope", token == null ? null : token.claim("scope"));
        out.put("route", lumen.route() == null ? null : lumen.route().method() + " " + lumen.route().path());
        out.put("endpoint", lumen.endpoint());
        out.put("pathParams", lumen.pathParams());
        out.put("validatedPetId", validated == null ? null : validated.path("petId").asLong());
        out.put("thread", Thread.currentThread().getName());
        return out;
    }

    @GetMapping("/mw/spring")
    public Map<String, Object> behindMiddleware(LumenRequest lumen) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("routed", lumen.routed());
        out.put("correlationId", lumen.correlationId());
        out.put("chain", lumen.route() == null ? null : lumen.route().chain());
        return out;
    }

    @GetMapping("/mw/blocking")
    public String afterBlockingMiddleware() {
        return "controller on " + Thread.currentThread().getName();
    }

    @GetMapping("/spring/lumen-request")
    public Map<String, Object> unrouted(LumenRequest lumen) {
        return Map.of("routed", lumen.routed());
    }

    @PostMapping({"/echo/body", "/echo/validated", "/echo/plain", "/echo/unrouted", "/echo/secured"})
    public Map<String, Object> echo(@RequestBody(required = false) byte[] body) throws NoSuchAlgorithmException {
        byte[] b = body == null ? new byte[0] : body;
        return Map.of("length", b.length, "sha256", HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b)));
    }
}
