package io.lumen.config;

import static io.lumen.config.TestSupport.fails;
import static io.lumen.config.TestSupport.loader;
import static io.lumen.config.TestSupport.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lumen.server.ServerConfig;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * light-4j's {@code CRYPT:} values, decrypted with the master password as light-4j took it: the three forms
 * light-4j wrote over the years, from its own secret.yml test file (src/test/resources/light4j-crypt, README there).
 */
class Light4jCryptTest {
    private static final Map<String, String> PASSWORD = Map.of("LIGHT_4J_CONFIG_PASSWORD", "light");

    @TempDir Path tmp;

    private Path folder(String form) throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/light4j-crypt/" + form + "/secret.yml")) {
            Files.copy(in, tmp.resolve("secret.yml"));
        }
        write(tmp, "server.yml", "ip: 127.0.0.1\nenableHttps: true\nkeystoreName: server.keystore\n");
        return tmp;
    }

    @ParameterizedTest
    @ValueSource(strings = {"gcm", "cbc", "base64"})
    void eachFormLight4jWroteIsDecryptedWithTheMasterPasswordFromTheEnvironment(String form) throws IOException {
        ServerConfig server = loader(folder(form), PASSWORD).load("server", ServerConfig.class);
        assertEquals("password", server.keystorePass());
        assertEquals("password", server.keyPass());
    }

    @Test
    void withoutTheMasterPasswordStartupNamesTheValuesLineAndTheVariableToSet() throws IOException {
        ConfigException e = fails(() -> loader(folder("gcm")).load("server", ServerConfig.class));
        assertTrue(e.getMessage().startsWith(tmp.resolve("secret.yml") + ":10: serverKeystorePass: a light-4j encrypted value"
                + " (CRYPT:...) needs the master password it was encrypted with: set the environment variable"
                + " LIGHT_4J_CONFIG_PASSWORD"), e.getMessage());
        assertFalse(e.getMessage().contains("e6e1b4a0"), "the encrypted value is not echoed: " + e.getMessage());
    }

    @Test
    void aWrongPasswordIsNamedAsSuchAtTheValuesLine() throws IOException {
        ConfigException e = fails(() -> loader(folder("cbc"), Map.of("LIGHT_4J_CONFIG_PASSWORD", "wrong"))
                .load("server", ServerConfig.class));
        assertTrue(e.getMessage().startsWith(tmp.resolve("secret.yml") + ":10: serverKeystorePass: a light-4j encrypted value"
                + " (CRYPT:...) cannot be decrypted with the master password from the environment variable LIGHT_4J_CONFIG_PASSWORD: the password"
                + " is not the one it was encrypted with, or the value is damaged"), e.getMessage());
    }

    @Test
    void valuesInAModuleFileFromValuesYmlAndFromTheEnvironmentAreDecryptedToo() {
        String gcm = "CRYPT:e6e1b4a099902a2106509e87df909de4:cd9153addc755eb7e00d817c:e499d4501d0372fe37073d88a1025f1970a30cbd9acec7d5";
        write(tmp, "server.yml", "ip: 127.0.0.1\nkeystorePass: " + gcm + "\nkeyPass: ${server.keyPass}\n");
        write(tmp, "values.yml", "server.keyPass: " + gcm + "\n");
        ServerConfig server = loader(tmp, Map.of("LIGHT_4J_CONFIG_PASSWORD", "light", "SERVER_TRUSTSTOREPASS", gcm))
                .load("server", ServerConfig.class);
        assertEquals("password", server.keystorePass(), "in the module's file");
        assertEquals("password", server.keyPass(), "through a placeholder");
        assertEquals("password", server.truststorePass(), "an environment variable, as light-4j decrypted those too");
    }

    @Test
    void configYmlChoosesThePasswordAsLight4jsDecryptorClassDid() throws IOException {
        folder("gcm");
        // AESSaltDecryptor: light-4j's built-in password, no variable needed
        write(tmp, "config.yml", "decryptorClass: com.networknt.decrypt.AESSaltDecryptor\n");
        assertEquals("password", loader(tmp).load("server", ServerConfig.class).keystorePass());

        // DummyDecryptor: CRYPT:text is text
        Files.delete(tmp.resolve("secret.yml"));
        write(tmp, "server.yml", "ip: 127.0.0.1\nkeystorePass: CRYPT:plain\n");
        write(tmp, "config.yml", "exclusionConfigFileList: [openapi]\ndecryptorClass: com.networknt.decrypt.DummyDecryptor\n");
        assertEquals("plain", loader(tmp).load("server", ServerConfig.class).keystorePass());

        // a decryptor of the user's own is named at its config.yml line
        write(tmp, "config.yml", "exclusionConfigFileList: [openapi]\ndecryptorClass: com.example.VaultDecryptor\n");
        ConfigException e = fails(() -> loader(tmp, PASSWORD).load("server", ServerConfig.class));
        assertTrue(e.getMessage().startsWith(tmp.resolve("server.yml") + ":2: keystorePass: a light-4j encrypted value (CRYPT:...) needs "
                + tmp.resolve("config.yml") + ":2 decryptorClass com.example.VaultDecryptor, a decryptor Lumen does"
                + " not run"), e.getMessage());
    }

    @Test
    void aValueThatIsNotOneOfLight4jsFormsSaysWhichFormsThereAre() {
        write(tmp, "server.yml", "ip: 127.0.0.1\nkeystorePass: CRYPT:zz:11\n");
        ConfigException e = fails(() -> loader(tmp, PASSWORD).load("server", ServerConfig.class));
        assertTrue(e.getMessage().startsWith(tmp.resolve("server.yml") + ":2: keystorePass: a light-4j encrypted value (CRYPT:...)"
                + " is not one of light-4j's forms (its salt is not hex): CRYPT:salt:iv:data, CRYPT:salt:data (hex) or CRYPT:base64"), e.getMessage());
    }
}
