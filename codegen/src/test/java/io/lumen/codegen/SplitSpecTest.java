package io.lumen.codegen;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A spec split the way large public APIs split theirs: operations given as {@code $ref}s to files,
 * parameters and a discriminator's mapping referring to files relative to the file they are in. It
 * generates the same typed layer as a one-file spec, compiles and serves.
 */
class SplitSpecTest {
    @Test
    void operationsParametersAndDiscriminatorMappingsInOtherFiles(@TempDir Path dir) throws Exception {
        Path spec = dir.resolve("spec/openapi.yaml");
        write(spec, """
                openapi: 3.0.3
                info: {title: Shelter, version: 1.0.0}
                paths:
                  /animals/{animal_id}:
                    get: {$ref: 'resources/animals/animals_get.yml'}
                  /animals:
                    post: {$ref: 'resources/animals/animals_create.yml'}
                """);
        write(dir.resolve("spec/resources/animals/animals_get.yml"), """
                operationId: getAnimal
                parameters:
                  - $ref: 'parameters.yml#/animal_id'
                responses:
                  '200':
                    description: the animal
                    content:
                      application/json:
                        schema: {$ref: 'models/animal.yml'}
                """);
        write(dir.resolve("spec/resources/animals/animals_create.yml"), """
                operationId: createAnimal
                requestBody:
                  required: true
                  content:
                    application/json:
                      schema: {$ref: 'models/animal.yml'}
                responses:
                  '201':
                    description: stored
                    content:
                      application/json:
                        schema: {$ref: 'models/animal.yml'}
                """);
        write(dir.resolve("spec/resources/animals/parameters.yml"), """
                animal_id:
                  name: animal_id
                  in: path
                  required: true
                  schema: {type: integer, minimum: 1}
                """);
        write(dir.resolve("spec/resources/animals/models/animal.yml"), """
                oneOf:
                  - $ref: 'kinds.yml#/cat'
                  - $ref: 'kinds.yml#/dog'
                discriminator:
                  propertyName: kind
                  mapping:
                    cat: 'kinds.yml#/cat'
                    dog: 'kinds.yml#/dog'
                """);
        write(dir.resolve("spec/resources/animals/models/kinds.yml"), """
                cat:
                  type: object
                  required: [kind, lives]
                  properties:
                    kind: {type: string}
                    lives: {type: integer, minimum: 0, maximum: 9}
                dog:
                  type: object
                  required: [kind, good]
                  properties:
                    kind: {type: string}
                    good: {type: boolean}
                """);
        GeneratedProject project = GeneratedProject.generate(spec, dir.resolve("out"));
        assertEquals(0, project.exit, project.err);
        Path model = dir.resolve("out/target/generated-sources/lumen/com/example/shelter/model/GetAnimal200Body.java"); // a whole-file schema is named by its first use
        String animal = Files.readString(model);
        assertTrue(animal.contains("sealed interface GetAnimal200Body permits Cat, Dog"), animal);
        assertEquals("", project.compile());
        try (GeneratedProject.Running service = project.start(Map.of())) {
            service.expect(200, "GET", "/animals/3", null, null);
            service.expect(400, "GET", "/animals/0", null, null);
            service.expect(201, "POST", "/animals", "application/json", "{\"kind\":\"cat\",\"lives\":7}");
            service.expect(400, "POST", "/animals", "application/json", "{\"kind\":\"cat\",\"lives\":12}");
        }
    }

    private static void write(Path file, String text) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
