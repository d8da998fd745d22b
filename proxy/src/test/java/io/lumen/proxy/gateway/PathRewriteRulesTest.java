package io.lumen.proxy.gateway;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** light-4j's router.yml urlRewriteRules as light-router's own test values write them. */
class PathRewriteRulesTest {
    // networknt/light-router src/test/resources/config/values.yml (f9ea15fbb903), lines 14-19, with the
    // examples its comments give
    private static final List<String> LIGHT_ROUTER_RULES = List.of(
            "/listings/(.*)$ /listing.html?listing=$1",
            "/ph/uat/de-asia-ekyc-service/v1 /uat-de-asia-ekyc-service/v1",
            "(/tutorial/.*)/wordpress/(\\w+)\\.?.*$ $1/cms/$2.php",
            "/v3/(.*)$ /v2/$1");

    private static PathRewrite rules() {
        return PathRewrite.rules(LIGHT_ROUTER_RULES.stream().map(PathRewrite.Rule::parse).toList());
    }

    @Test
    void aReplacementStartingWithAGroupIsAcceptedAndGivesThePathLight4jGave() {
        assertEquals("/tutorial/linux/cms/file1.php", rules().apply("/tutorial/linux/wordpress/file1"));
        assertEquals("/v2/address", rules().apply("/v3/address"));
        assertEquals("/other", rules().apply("/other"));
    }

    @Test
    void aGroupWithoutTheSlashStillGivesAPathAndOtherReplacementsAreRefused() {
        PathRewrite r = PathRewrite.rules(List.of(PathRewrite.Rule.parse("/(\\w+)/old $1/new")));
        assertEquals("/a/new", r.apply("/a/old"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PathRewrite.Rule.parse("/a(.*) cms$1"));
        assertEquals("the replacement 'cms$1' must be a path starting with / or with a group ($1)", e.getMessage());
    }
}
