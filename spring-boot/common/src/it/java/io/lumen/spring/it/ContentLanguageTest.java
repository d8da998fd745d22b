package io.lumen.spring.it;

import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A response locale becomes {@code Content-Language} as a language tag, as on Tomcat: Undertow's
 * servlet container wrote {@code de-} for a locale without a country and dropped scripts.
 */
class ContentLanguageTest extends AppTestBase {

    @Test
    void theResponseLocaleIsWrittenAsALanguageTag() throws Exception {
        for (String tag : new String[] {"de", "en-US", "zh-Hant-TW", "sr-Latn"}) {
            HttpResponse<String> r = Http.get(uri("/spring/locale?tag=" + tag));
            assertEquals(200, r.statusCode(), r.body());
            assertEquals(tag, r.headers().firstValue("Content-Language").orElse(null), "locale " + tag);
        }
    }
}
