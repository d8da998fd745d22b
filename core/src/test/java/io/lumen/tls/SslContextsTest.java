package io.lumen.tls;

import org.junit.jupiter.api.Test;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SslContextsTest {

    @Test
    void clientEnginesVerifyTheHostAndSpeakTheChosenVersions() {
        SSLContext strict = SslContexts.client(List.of(), true, null, null, true, "TLSv1.3", new ConcurrentHashMap<>());
        SSLEngine e = strict.createSSLEngine("pets.example", 443);
        assertTrue(e.getUseClientMode());
        assertEquals("HTTPS", e.getSSLParameters().getEndpointIdentificationAlgorithm());
        assertArrayEquals(new String[] {"TLSv1.3", "TLSv1.2"}, e.getSSLParameters().getProtocols());
        assertEquals("pets.example", e.getPeerHost());
    }

    @Test
    void eachContextKeepsItsOwnSettings() throws Exception {
        SSLContext lax = SslContexts.clientEngines(SSLContext.getDefault(), false, "TLSv1.2");
        SSLContext strict = SslContexts.clientEngines(SSLContext.getDefault(), true, "TLSv1.3");
        SSLEngine e = lax.createSSLEngine("pets.example", 443);
        assertNull(e.getSSLParameters().getEndpointIdentificationAlgorithm());
        assertArrayEquals(new String[] {"TLSv1.2"}, e.getSSLParameters().getProtocols());
        assertEquals("HTTPS", strict.createSSLEngine().getSSLParameters().getEndpointIdentificationAlgorithm());
    }
}
