package io.lumen.petstore;

import io.lumen.petstore.model.Pet;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.rest.PreEncodedJson;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InMemoryPetStoreTest {
    private static String text(ByteBuffer b) {
        byte[] bytes = new byte[b.remaining()];
        b.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Test
    void listingsFollowChangesAndStayOnePage() {
        InMemoryPetStore store = new InMemoryPetStore(new ObjectMapper(), 1000);
        assertEquals(PetstoreHttpTest.REFERENCE, text(store.listJson(PetStore.PAGE)));
        assertEquals(PetStore.Added.ADDED, store.add(new Pet(3L, "c", null)));
        assertEquals("[{\"id\":1,\"name\":\"catten\",\"tag\":\"cat\"},{\"id\":2,\"name\":\"doggy\",\"tag\":\"dog\"},{\"id\":3,\"name\":\"c\"}]",
                text(store.listJson(PetStore.PAGE)));
        assertEquals("[{\"id\":1,\"name\":\"catten\",\"tag\":\"cat\"}]", text(store.listJson(1)));
        store.remove(1L);
        assertEquals("[{\"id\":2,\"name\":\"doggy\",\"tag\":\"dog\"},{\"id\":3,\"name\":\"c\"}]", text(store.listJson(PetStore.PAGE)));
        for (long id = 10; id < 300; id++) {
            store.add(new Pet(id, "p" + id, null));
        }
        assertEquals(PetStore.PAGE, store.list(1000).size());
        assertEquals(292, store.size());
    }

    @Test
    void takenIdsAndAFullStoreAreRefused() {
        InMemoryPetStore store = new InMemoryPetStore(new ObjectMapper(), 3);
        assertEquals(PetStore.Added.EXISTS, store.add(new Pet(1L, "again", null)));
        assertEquals(PetStore.Added.ADDED, store.add(new Pet(3L, "c", null)));
        assertEquals(PetStore.Added.FULL, store.add(new Pet(4L, "d", null)));
        assertEquals(3, store.size());
        store.remove(3L);
        assertEquals(PetStore.Added.ADDED, store.add(new Pet(4L, "d", null)));
    }

    @Test
    void theTypedListingIsTheCachedPreEncodedPageUntilAChange() {
        InMemoryPetStore store = new InMemoryPetStore(new ObjectMapper(), 1000);
        var first = store.listPage(PetStore.PAGE);
        assertTrue(first instanceof PreEncodedJson, "the first page carries its JSON");
        assertEquals(PetstoreHttpTest.REFERENCE, text(((PreEncodedJson) first).json()));
        assertEquals(store.list(PetStore.PAGE), first);
        assertSame(first, store.listPage(PetStore.PAGE), "no change: the same cached page");
        assertEquals(text(store.listJson(PetStore.PAGE)), text(((PreEncodedJson) first).json()));

        var shorter = store.listPage(1);
        assertFalse(shorter instanceof PreEncodedJson, "a limit below the page's size gets a fresh list");
        assertEquals(List.of(new Pet(1L, "catten", "cat")), shorter);

        store.add(new Pet(3L, "c", null));
        var after = store.listPage(PetStore.PAGE);
        assertEquals(3, after.size());
        assertEquals("[{\"id\":1,\"name\":\"catten\",\"tag\":\"cat\"},{\"id\":2,\"name\":\"doggy\",\"tag\":\"dog\"},{\"id\":3,\"name\":\"c\"}]",
                text(((PreEncodedJson) after).json()));
    }
}
