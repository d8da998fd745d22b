package io.lumen.client;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BuilderTest {

    @Test
    void everyTypedSetterOverridesItsClientYmlKey() {
        try (LumenClient client = LumenClient.builder()
                .connectTimeout(111).timeout(222).breaker(3, 444).enableHttp2(false).maxConnections(5)
                .maxRequestsPerConnection(66).connectionExpireTime(777).idleTimeout(888).maxQueue(9)
                .maxRetries(2).h2c(true).maxStreamsPerConnection(12).ioThreads(1).bufferSize(4096)
                .maxResponseSize(1 << 20).verifyHostname(false).trustDefaultCas(false).tlsVersion("TLSv1.2")
                .build()) {
            ClientConfig.Request r = client.config().request();
            assertEquals(new ClientConfig.Request(111, 222, 3, 444, false, 5, 66L, 777L, 888L, 9, 2, true, 12, 1, 4096,
                    1 << 20), r);
            ClientConfig.Tls t = client.config().tls();
            assertFalse(t.verifyHostname());
            assertFalse(t.loadDefaultTrustStore());
            assertEquals("TLSv1.2", t.tlsVersion());
        }
    }

    @Test
    void setterValuesOverrideABoundConfigAndKeepItsOtherKeys() {
        ClientConfig bound = new ClientConfig(null, new ClientConfig.Request(null, 900, null, null, null, null, null,
                null, null, 3, null, null, null, 1, null, null), null, null, null);
        try (LumenClient client = LumenClient.builder().config(bound).maxQueue(7).build()) {
            assertEquals(900, client.config().request().timeout(), "kept from the bound config");
            assertEquals(7, client.config().request().maxQueue(), "the setter wins");
            assertTrue(client.config().tls().verifyHostname(), "defaults where neither says anything");
        }
    }

    @Test
    void aValueOutOfRangeNamesTheKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LumenClient.builder().maxQueue(-1).build());
        assertEquals("bad client setting: maxQueue must be at least 0, got -1", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LumenClient.builder().tlsVersion("SSLv3").build());
        assertTrue(e.getMessage().startsWith("bad client setting: tlsVersion must be TLSv1.3 or TLSv1.2"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LumenClient.builder().timeout(1L << 40));
        assertTrue(e.getMessage().contains("timeout"), e.getMessage());
    }
}
