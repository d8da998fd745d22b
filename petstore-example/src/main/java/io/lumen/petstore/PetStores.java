package io.lumen.petstore;

import io.lumen.datasource.DataSources;
import io.lumen.server.ServiceContext;

/**
 * Picks the service's one {@link PetStore} from petstore.yml ({@code store: memory|jdbc}; the jar's
 * classpath {@code config/petstore.yml} when the config folder has none); every handler, hand-written
 * or generated implementation, asks here and gets the same instance. Handler constructors only (startup).
 */
public final class PetStores {
    private PetStores() {
    }

    /** The service's store, made by the first caller. */
    public static PetStore of(ServiceContext context) {
        return context.shared(PetStore.class, () -> create(context));
    }

    private static PetStore create(ServiceContext context) {
        PetstoreConfig config = context.config().find("petstore")
                .map(f -> f.bind(PetstoreConfig.class))
                .orElseGet(() -> new PetstoreConfig(null, null, null));
        if (config.jdbc()) {
            return new JdbcPetStore(DataSources.of(context).pool(config.dataSource()), context.config().mapper(),
                    context.errors());
        }
        return new InMemoryPetStore(context.config().mapper(), config.capacity());
    }
}
