package io.lumen.handler.router;

import io.lumen.path.PathTemplate;
import io.undertow.server.HttpHandler;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RouterTest {
    private static final HttpHandler MINE = e -> { };
    private static final HttpHandler BY_ID = e -> { };
    private static final HttpHandler DELETE_BY_ID = e -> { };
    private static final HttpHandler WILD = e -> { };
    private static final HttpHandler ROOT = e -> { };

    private static Route route(HttpString method, String path, HttpHandler h) {
        return new Route(method, PathTemplate.parse(path), h, "test:" + path);
    }

    private static Router petsRouter() {
        // declared in an order where first-match would get it wrong
        return Router.builder()
                .add(route(Methods.GET, "/pets/{id}", BY_ID))
                .add(route(Methods.DELETE, "/pets/{id}", DELETE_BY_ID))
                .add(route(Methods.GET, "/pets/*", WILD))
                .add(route(Methods.GET, "/pets/mine", MINE))
                .add(route(Methods.GET, "/", ROOT))
                .build();
    }

    @Test
    void literalSegmentBeatsParameterRegardlessOfDeclarationOrder() {
        Router.Match m = petsRouter().find(Methods.GET, "/pets/mine");
        assertSame(MINE, m.route().handler());
    }

    @Test
    void parameterSegmentMatchesAndCapturesTheValue() {
        Router.Match m = petsRouter().find(Methods.GET, "/pets/42");
        assertSame(BY_ID, m.route().handler());
        assertArrayEquals(new String[] {"42"}, m.values());
    }

    @Test
    void parameterBeatsWildcardButWildcardTakesDeeperPaths() {
        Router r = petsRouter();
        assertSame(BY_ID, r.find(Methods.GET, "/pets/7").route().handler());
        Router.Match deep = r.find(Methods.GET, "/pets/7/toys/1");
        assertSame(WILD, deep.route().handler());
        assertEquals("7/toys/1", deep.rest());
    }

    @Test
    void wildcardAlsoMatchesItsBarePrefix() {
        Router r = Router.builder().add(route(Methods.GET, "/static/*", WILD)).build();
        assertEquals("", r.find(Methods.GET, "/static").rest());
        assertEquals("", r.find(Methods.GET, "/static/").rest());
        assertEquals("a/b.css", r.find(Methods.GET, "/static/a/b.css").rest());
    }

    @Test
    void aRootWildcardAloneTakesEveryPathWithItsRestAndStillAnswers405ForOtherMethods() {
        Router r = Router.builder().add(route(Methods.GET, "/*", WILD)).add(route(Methods.HEAD, "/*", WILD)).build();
        assertEquals("a/b%2Fc/d.json", r.find(Methods.GET, "/a/b%2Fc/d.json").rest());
        assertEquals("", r.find(Methods.GET, "/").rest());
        assertEquals("x//y/", r.find(Methods.HEAD, "/x//y/").rest());
        Router.Match post = r.find(Methods.POST, "/a");
        assertNull(post.route());
        assertEquals(Set.of("GET", "HEAD", "OPTIONS"), post.allowed());
    }

    @Test
    void aLiteralPathWithoutTheMethodFallsBackToATemplateThatHasIt() {
        Router.Match m = petsRouter().find(Methods.DELETE, "/pets/mine");
        assertSame(DELETE_BY_ID, m.route().handler());
        assertArrayEquals(new String[] {"mine"}, m.values());
    }

    @Test
    void knownPathUnderOtherMethodsReportsTheAllowedMethods() {
        Router.Match m = petsRouter().find(Methods.PUT, "/pets/42");
        assertNull(m.route());
        assertEquals(List.of("DELETE", "GET", "HEAD", "OPTIONS"), List.copyOf(m.allowed()));
    }

    @Test
    void unknownPathHasNoRouteAndNoAllowedMethods() {
        Router.Match m = petsRouter().find(Methods.GET, "/owners/1");
        assertNull(m.route());
        assertTrue(m.allowed().isEmpty());
    }

    @Test
    void emptySegmentDoesNotMatchAParameter() {
        Router r = Router.builder().add(route(Methods.GET, "/pets/{id}", BY_ID)).build();
        assertNull(r.find(Methods.GET, "/pets/").route());
    }

    @Test
    void headIsServedByTheGetRoute() {
        assertSame(BY_ID, petsRouter().find(Methods.HEAD, "/pets/1").route().handler());
        assertSame(ROOT, petsRouter().literal("/").handler(Methods.HEAD));
    }

    @Test
    void literalFastPathFindsOnlyLiteralRoutes() {
        Router r = petsRouter();
        assertSame(MINE, r.literal("/pets/mine").handler(Methods.GET));
        assertNull(r.literal("/pets/42"));
    }

    @Test
    void aBuilderTakesNoRouteAfterBuildingItsRouter() {
        Router.Builder b = Router.builder().add(route(Methods.GET, "/a/{x}", BY_ID));
        Router r = b.build();
        assertThrows(IllegalStateException.class, () -> b.add(route(Methods.GET, "/b/{x}", MINE)));
        assertNull(r.find(Methods.GET, "/b/1").route(), "the built router is unchanged");
    }

    @Test
    void duplicateRouteIsRejectedNamingTheFirstDeclaration() {
        Router.Builder b = Router.builder().add(route(Methods.GET, "/a/{x}", BY_ID));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> b.add(route(Methods.GET, "/a/{x}", MINE)));
        assertEquals("route GET /a/{x} is declared twice (first declared at test:/a/{x})", e.getMessage());
    }

    @Test
    void equivalentTemplateWithOtherParameterNameIsRejected() {
        Router.Builder b = Router.builder().add(route(Methods.GET, "/a/{x}", BY_ID));
        IllegalArgumentException same = assertThrows(IllegalArgumentException.class,
                () -> b.add(route(Methods.GET, "/a/{y}", MINE)));
        assertEquals("route GET /a/{y} is equivalent to GET /a/{x} (first declared at test:/a/{x})", same.getMessage());
    }

    /** Xero's Files API: GET /Files/{FileId} beside POST /Files/{FolderId}; each route names the value by its own template. */
    @Test
    void anotherMethodMayNameTheParametersOfTheSamePathDifferently() {
        Router r = Router.builder().add(route(Methods.GET, "/a/{x}", BY_ID)).add(route(Methods.DELETE, "/a/{y}", MINE)).build();
        Router.Match get = r.find(Methods.GET, "/a/1");
        Router.Match delete = r.find(Methods.DELETE, "/a/1");
        assertSame(BY_ID, get.route().handler());
        assertSame(MINE, delete.route().handler());
        assertEquals(List.of("y"), delete.route().template().paramNames());
        assertArrayEquals(new String[] {"1"}, delete.values());
    }

    @Test
    void sameTemplateUnderAnotherMethodIsFine() {
        Router r = Router.builder().add(route(Methods.GET, "/a/{x}", BY_ID)).add(route(Methods.PUT, "/a/{x}", MINE)).build();
        assertSame(MINE, r.find(Methods.PUT, "/a/1").route().handler());
    }

    @Test
    void aParameterWithTextAroundItMatchesBetweenLiteralsAndWholeParameters() {
        HttpHandler json = e -> { };
        HttpHandler versioned = e -> { };
        Router r = Router.builder()
                .add(route(Methods.GET, "/accounts/{sid}", BY_ID))
                .add(route(Methods.GET, "/accounts/{sid}.json", json))
                .add(route(Methods.GET, "/accounts/list.json", MINE))
                .add(route(Methods.GET, "/v{major}/accounts/{sid}.json", versioned))
                .build();
        assertSame(MINE, r.find(Methods.GET, "/accounts/list.json").route().handler());
        Router.Match m = r.find(Methods.GET, "/accounts/AC1.json");
        assertSame(json, m.route().handler());
        assertArrayEquals(new String[] {"AC1"}, m.values());
        assertSame(BY_ID, r.find(Methods.GET, "/accounts/AC1.xml").route().handler());
        assertArrayEquals(new String[] {".json"}, r.find(Methods.GET, "/accounts/.json").values(), "the inner value is never empty");
        Router.Match v = r.find(Methods.GET, "/v2/accounts/AC9.json");
        assertSame(versioned, v.route().handler());
        assertArrayEquals(new String[] {"2", "AC9"}, v.values());
        assertNull(r.find(Methods.GET, "/v/accounts/AC9.json").route());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Router.builder().add(route(Methods.GET, "/a/{x}.json", json)).add(route(Methods.GET, "/a/{y}.json", json)));
        assertTrue(e.getMessage().contains("is equivalent to GET /a/{x}.json"), e.getMessage());
    }

    @Test
    void aMissAnswersNoRouteAndAnEmptyAllowThatCallersCannotSpoil() {
        Router empty = Router.builder().build();
        Router pets = petsRouter();
        for (Router r : List.of(empty, pets)) {
            Router.Match miss = r.find(Methods.GET, "/owners/1");
            assertNull(miss.route());
            assertTrue(miss.allowed().isEmpty());
            r.allowed("/owners/1").add("GET"); // a caller's copy: the next miss must still allow nothing
            assertTrue(r.find(Methods.POST, "/owners/2").allowed().isEmpty());
            assertTrue(r.allowed("/owners/2").isEmpty());
        }
        assertEquals(Set.of("GET", "HEAD", "DELETE", "OPTIONS"), pets.allowed("/pets/7"));
    }
}
