package io.lumen.petstore;

import io.lumen.handler.Blocking;
import io.lumen.handler.router.Route;
import io.lumen.petstore.handler.CreatePetsHandler;
import io.lumen.petstore.handler.DeletePetByIdHandler;
import io.lumen.petstore.handler.ListPetsHandler;
import io.lumen.petstore.handler.ShowPetByIdHandler;
import io.lumen.server.ServiceContext;
import io.lumen.service.LumenService;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a config folder that runs the generated petstore must show: its four operations routed by the
 * generated table in the jar (classpath config/handler.yml) through {@code chain}, and generated
 * adapters that are {@link Blocking} exactly when the service's store blocks.
 */
final class GeneratedRoutes {
    /** The full chain of config/petstore/embedded and db, tracing dropped (off by default). */
    static final List<String> FULL_CHAIN = List.of("exception", "metrics", "correlation", "header", "cors", "limit",
            "specification", "security", "body", "audit", "validator");

    private static final Map<String, String> OPERATIONS = Map.of(
            "GET /v1/pets", "listPets", "POST /v1/pets", "createPets",
            "GET /v1/pets/{petId}", "showPetById", "DELETE /v1/pets/{petId}", "deletePetById");

    private GeneratedRoutes() {
    }

    static void assertGenerated(LumenService service, List<String> chain, boolean blocking) {
        int found = 0;
        for (Route r : service.router().router().routes()) {
            String operation = OPERATIONS.get(r.method() + " " + r.template().text());
            if (operation == null) {
                continue;
            }
            found++;
            assertTrue(r.origin().startsWith("classpath:config/handler.yml:"), r + " comes from the generated route table");
            List<String> expected = new ArrayList<>(chain);
            expected.add(operation);
            assertEquals(expected, r.chain(), r.method() + " " + r.template().text());
        }
        assertEquals(OPERATIONS.size(), found, "every operation is routed");
        ServiceContext context = service.context();
        for (Blocking adapter : List.<Blocking>of(new ListPetsHandler(context), new CreatePetsHandler(context),
                new ShowPetByIdHandler(context), new DeletePetByIdHandler(context))) {
            assertEquals(blocking, adapter.blocks(), adapter + " blocks with the service's store " + PetStores.of(context));
        }
    }
}
