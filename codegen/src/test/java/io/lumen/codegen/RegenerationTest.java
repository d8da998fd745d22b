package io.lumen.codegen;

import io.lumen.codegen.cli.CodegenCli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Regenerating: same bytes, user edits survive, new operations are routed, removed ones reported, errors exit non-zero. */
class RegenerationTest {
    @TempDir
    Path dir;

    @Test
    void regeneratingAnUnchangedSpecGivesIdenticalBytesAndWritesNothing(@TempDir Path other) throws Exception {
        Path spec = GeneratedProject.spec("kitchen-31.yaml");
        assertEquals(0, GeneratedProject.generate(spec, dir).exit);
        Map<String, byte[]> first = files(dir);
        GeneratedProject again = GeneratedProject.generate(spec, dir);
        assertEquals(0, again.exit, again.err);
        assertTrue(again.out.contains("0 generated file(s) written, 0 of yours created"), again.out);
        Map<String, byte[]> second = files(dir);
        assertEquals(first.keySet(), second.keySet());
        first.forEach((k, v) -> assertArrayEquals(v, second.get(k), k));
        // and a fresh folder gets the very same bytes: no timestamps, no machine-dependent order
        assertEquals(0, GeneratedProject.generate(spec, other).exit);
        Map<String, byte[]> fresh = files(other);
        assertEquals(first.keySet(), fresh.keySet());
        first.forEach((k, v) -> assertArrayEquals(v, fresh.get(k), k));
    }

    @Test
    void editsSurviveANewOperationIsRoutedAndARemovedOneIsReported() throws Exception {
        Path spec = dir.resolve("spec/openapi.yaml");
        Files.createDirectories(spec.getParent());
        Files.copy(GeneratedProject.spec("petshop-array.yaml"), spec);
        Path project = dir.resolve("shop");
        assertEquals(0, GeneratedProject.generate(spec, project, "--package", "org.shop").exit);
        Path impl = project.resolve("src/main/java/org/shop/impl/GetAnimalImpl.java");
        String edited = Files.readString(impl).replace("return GetAnimalApi.super.getAnimal(request, exchange);",
                "return GetAnimalResponse.status200(new org.shop.model.Animal(request.animalId(), \"Edited\", "
                        + "org.shop.model.AnimalSpecies.CAT, null, null, null, null));");
        assertFalse(edited.equals(Files.readString(impl)));
        Files.writeString(impl, edited);
        Path readme = project.resolve("README.md");
        Files.writeString(readme, "# mine\n");

        // a new operation with a new schema, and an operation removed
        String text = Files.readString(spec)
                .replace("  /animals/{animalId}:\n", """
                          /keepers:
                            get:
                              operationId: listKeepers
                              responses:
                                '200':
                                  description: keepers
                                  content:
                                    application/json:
                                      schema:
                                        type: array
                                        items: {$ref: '#/components/schemas/Keeper'}
                          /animals/{animalId}:
                        """)
                .replace("components:\n  schemas:\n", """
                        components:
                          schemas:
                            Keeper:
                              type: object
                              required: [name, since]
                              properties:
                                name: {type: string}
                                since: {type: string, format: date}
                        """);
        text = text.substring(0, text.indexOf("    delete:\n")) + text.substring(text.indexOf("components:"));
        Files.writeString(spec, text);
        GeneratedProject again = GeneratedProject.generate(spec, project, "--package", "org.shop");
        assertEquals(0, again.exit, again.err);
        assertEquals(edited, Files.readString(impl), "the implementation is the user's");
        assertEquals("# mine\n", Files.readString(readme));
        assertTrue(again.out.contains("created: src/main/java/org/shop/impl/ListKeepersImpl.java"), again.out);
        assertTrue(again.out.contains("created: src/test/java/org/shop/ListKeepersTest.java"), again.out);
        assertTrue(again.out.contains("deleted: target/generated-sources/lumen/org/shop/api/SellAnimalApi.java"), again.out);
        assertTrue(again.err.contains("removed: operation SellAnimal is no longer in the spec"), again.err);
        assertTrue(again.err.contains("src/main/java/org/shop/impl/SellAnimalImpl.java implements an operation the spec no longer has"),
                again.err);
        assertArrayEquals(Files.readAllBytes(spec), Files.readAllBytes(project.resolve("config/openapi.yaml")));
        Files.delete(project.resolve("src/main/java/org/shop/impl/SellAnimalImpl.java"));
        Files.delete(project.resolve("src/test/java/org/shop/SellAnimalTest.java"));

        GeneratedProject shop = GeneratedProject.generate(spec, project, "--package", "org.shop", "--check");
        assertEquals(0, shop.exit, shop.out);
        assertEquals("", shop.compile());
        try (GeneratedProject.Running service = shop.start(Map.of())) {
            HttpResponse<String> keepers = service.send("GET", "/api/keepers", Map.of(), null, null, List.of());
            assertEquals(200, keepers.statusCode(), keepers.body());
            assertTrue(keepers.body().startsWith("[{\"name\":"), keepers.body());
            HttpResponse<String> animal = service.send("GET", "/api/animals/7", Map.of(), null, null, List.of());
            assertEquals(200, animal.statusCode(), animal.body());
            assertTrue(animal.body().contains("\"name\":\"Edited\"") && animal.body().contains("\"id\":7"), animal.body());
            assertEquals(405, service.send("DELETE", "/api/animals/7", Map.of(), null, null, List.of()).statusCode());
        }
    }

    @Test
    void checkAndDryRunWriteNothingAndCheckFailsWhenStale() throws Exception {
        Path spec = dir.resolve("spec/openapi.yaml");
        Files.createDirectories(spec.getParent());
        Files.copy(GeneratedProject.spec("links.yaml"), spec);
        Path project = dir.resolve("teams");
        GeneratedProject dry = GeneratedProject.generate(spec, project, "--dry-run");
        assertEquals(0, dry.exit, dry.err);
        assertTrue(dry.out.contains("would create: pom.xml"), dry.out);
        assertFalse(Files.exists(project));
        GeneratedProject missing = GeneratedProject.generate(spec, project, "--check");
        assertEquals(CodegenCli.STALE, missing.exit, missing.out);
        assertEquals(0, GeneratedProject.generate(spec, project).exit);
        assertEquals(0, GeneratedProject.generate(spec, project, "--check").exit);
        Files.writeString(spec, Files.readString(spec).replace("description: the team\n", "description: one team\n"));
        GeneratedProject stale = GeneratedProject.generate(spec, project, "--check");
        assertEquals(CodegenCli.STALE, stale.exit, stale.out);
        assertTrue(stale.out.contains("stale: config/openapi.yaml (differs)"), stale.out);
        assertFalse(Files.readString(project.resolve("config/openapi.yaml")).contains("one team"), "--check writes nothing");
    }

    @Test
    void anInvalidSpecOrCollidingNamesExitNonZeroWithFileAndLine() {
        GeneratedProject broken = GeneratedProject.generate(GeneratedProject.spec("broken.yaml"), dir);
        assertEquals(CodegenCli.SPEC_ERROR, broken.exit);
        assertTrue(broken.err.startsWith(GeneratedProject.spec("broken.yaml") + ":14: "), broken.err);
        assertTrue(broken.err.contains("'/components/schemas/Missing' does not resolve"), broken.err);
        GeneratedProject colliding = GeneratedProject.generate(GeneratedProject.spec("colliding.yaml"), dir);
        assertEquals(CodegenCli.SPEC_ERROR, colliding.exit);
        assertTrue(colliding.err.startsWith(GeneratedProject.spec("colliding.yaml") + ":13: "), colliding.err);
        assertTrue(colliding.err.contains("'GetItem' gives the Java name getItem, as does operationId 'getItem'"), colliding.err);
        assertFalse(Files.exists(dir.resolve("pom.xml")), "nothing is written for a broken spec");
        GeneratedProject usage = GeneratedProject.generate(GeneratedProject.spec("links.yaml"), dir, "--package", "not a package");
        assertEquals(2, usage.exit);
        assertTrue(usage.err.contains("--package 'not a package' is not a Java package name"), usage.err);
    }

    private static Map<String, byte[]> files(Path root) throws IOException {
        Map<String, byte[]> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                out.put(root.relativize(p).toString(), Files.readAllBytes(p));
            }
        }
        return out;
    }
}
