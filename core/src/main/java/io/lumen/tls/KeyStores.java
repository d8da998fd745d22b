package io.lumen.tls;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Locale;

/** Loads key and trust stores by file name through the config lookup. */
public final class KeyStores {
    private KeyStores() {
    }

    /**
     * Loads {@code fileName} (found like a config file) as PKCS12 or JKS. The type comes from the
     * extension ({@code .jks} is JKS, anything else is tried as PKCS12 first, then JKS), so an
     * existing light-4j {@code server.keystore} in either format works.
     *
     * @param origin the config file and key that named the store, for error messages
     */
    public static KeyStore load(ConfigLoader config, String fileName, String password, String origin) {
        URL url = config.locate(fileName).orElseThrow(() -> new ConfigException(origin, 0, null,
                "key store '" + fileName + "' not found in the config dirs " + config.configDirs()
                        + " or classpath config/"));
        char[] pass = password == null ? new char[0] : password.toCharArray();
        String[] types = fileName.toLowerCase(Locale.ROOT).endsWith(".jks")
                ? new String[] {"JKS", "PKCS12"} : new String[] {"PKCS12", "JKS"};
        Exception last = null;
        for (String type : types) {
            try (InputStream in = url.openStream()) {
                KeyStore ks = KeyStore.getInstance(type);
                ks.load(in, pass);
                return ks;
            } catch (IOException | GeneralSecurityException e) {
                last = e;
            }
        }
        throw new ConfigException(origin, 0, null, "cannot read key store '" + url + "' as PKCS12 or JKS"
                + " (wrong password or not a key store): " + (last == null ? "" : last.getMessage()), last);
    }
}
