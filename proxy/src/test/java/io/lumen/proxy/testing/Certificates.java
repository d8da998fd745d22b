package io.lumen.proxy.testing;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Self-signed certificates for TLS tests, made with the JDK's keytool (EC P-256, valid two days). */
public final class Certificates {
    public static final String PASSWORD = "password";

    private Certificates() {
    }

    /** A PKCS12 key store {@code <name>.p12} in {@code dir} holding a key whose certificate names {@code san} (e.g. "ip:127.0.0.1,dns:localhost"). */
    public static Path keyStore(Path dir, String name, String san) {
        Path store = dir.resolve(name + ".p12");
        keytool("-genkeypair", "-alias", name, "-keyalg", "EC", "-groupname", "secp256r1", "-validity", "2",
                "-dname", "CN=" + name + ", O=Lumen tests", "-ext", "SAN=" + san,
                "-keystore", store.toString(), "-storetype", "PKCS12", "-storepass", PASSWORD, "-keypass", PASSWORD);
        return store;
    }

    /** Adds the certificate of {@code keyStore}'s key to the PKCS12 trust store {@code trustStore} (created if absent). */
    public static void trust(Path keyStore, String alias, Path trustStore) {
        Path cert = keyStore.resolveSibling(alias + ".crt");
        keytool("-exportcert", "-alias", alias, "-keystore", keyStore.toString(), "-storepass", PASSWORD, "-rfc",
                "-file", cert.toString());
        keytool("-importcert", "-noprompt", "-alias", alias, "-file", cert.toString(), "-keystore", trustStore.toString(),
                "-storetype", "PKCS12", "-storepass", PASSWORD);
    }

    /** A server SSL context presenting the key of {@code keyStore}. */
    public static SSLContext serverContext(Path keyStore) {
        try (InputStream in = Files.newInputStream(keyStore)) {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(in, PASSWORD.toCharArray());
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(ks, PASSWORD.toCharArray());
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(kmf.getKeyManagers(), null, null);
            return ctx;
        } catch (Exception e) {
            throw new IllegalStateException("cannot load " + keyStore, e);
        }
    }

    private static void keytool(String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("keytool failed: " + cmd + "\n" + new String(out, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run keytool", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
