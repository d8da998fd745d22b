package io.lumen.config;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where light-4j took the master password of {@code CRYPT:} values from, decided by config.yml's
 * {@code decryptorClass} (light-4j's default, as of 2.2.x: {@code AutoAESSaltDecryptor}):
 * <ul>
 *   <li>{@code AutoAESSaltDecryptor} (and 2.1.x's {@code AutoAESDecryptor}), no config.yml, no key: the
 *       system property or environment variable {@code light_4j_config_password} (either case);</li>
 *   <li>{@code AESSaltDecryptor}, {@code AESDecryptor}: light-4j's built-in password {@code light};</li>
 *   <li>{@code Manual*}: light-4j asked on the console; a service has none, so the variable as above;</li>
 *   <li>{@code DummyDecryptor}: no password, {@code CRYPT:text} is {@code text}.</li>
 * </ul>
 * Any other class is a decryptor of the user's own, which Lumen cannot run: {@link #problem()} says so.
 *
 * @param password the master password, or null
 * @param from     where it came from, for messages
 * @param fixed    the built-in public password
 * @param dummy    DummyDecryptor: values are not encrypted
 * @param problem  why no password is there, or null
 */
record Light4jPassword(char[] password, String from, boolean fixed, boolean dummy, String problem) {
    static final String VARIABLE = "LIGHT_4J_CONFIG_PASSWORD";
    private static final String BUILT_IN = "light";

    /**
     * @param configYml the folder's config.yml as written, if any
     * @param env       environment variables by name
     * @param props     system properties by name
     */
    static Light4jPassword of(Optional<ConfigFile> configYml, Function<String, String> env, Function<String, String> props) {
        Object named = configYml.map(ConfigFile::tree).filter(Map.class::isInstance)
                .map(t -> ((Map<?, ?>) t).get("decryptorClass")).orElse(null);
        String className = named == null ? "" : String.valueOf(named).trim();
        String at = configYml.map(f -> f.displayName() + ":" + f.lineOf("/decryptorClass")).orElse("config.yml") + " decryptorClass";
        String simple = className.substring(className.lastIndexOf('.') + 1);
        switch (simple) {
            case "DummyDecryptor" -> {
                return new Light4jPassword(null, at + " DummyDecryptor", false, true, null);
            }
            case "AESSaltDecryptor", "AESDecryptor" -> {
                return new Light4jPassword(BUILT_IN.toCharArray(), "'light' (" + at + " " + simple + ")", true, false, null);
            }
            case "", "AutoAESSaltDecryptor", "AutoAESDecryptor", "ManualAESSaltDecryptor", "ManualAESSaltDescryptor",
                 "ManualAESDecryptor" -> {
                return fromVariable(simple, at, env, props);
            }
            default -> {
                return new Light4jPassword(null, at, false, false, "needs " + at + " " + className + ", a decryptor Lumen"
                        + " does not run; Lumen decrypts light-4j's AES forms: set decryptorClass:"
                        + " com.networknt.decrypt.AutoAESSaltDecryptor and the master password as " + VARIABLE
                        + ", or give the plain value through an environment variable");
            }
        }
    }

    private static Light4jPassword fromVariable(String simple, String at, Function<String, String> env,
                                                Function<String, String> props) {
        String lower = VARIABLE.toLowerCase(java.util.Locale.ROOT);
        for (String name : new String[] {lower, VARIABLE}) {
            String p = props.apply(name);
            if (p != null && !p.isBlank()) {
                return new Light4jPassword(p.toCharArray(), "from -D" + name, false, false, null);
            }
        }
        for (String name : new String[] {lower, VARIABLE}) {
            String p = env.apply(name);
            if (p != null && !p.isBlank()) {
                return new Light4jPassword(p.toCharArray(), "from the environment variable " + name, false, false, null);
            }
        }
        String light4j = simple.startsWith("Manual") ? " (light-4j's " + simple + " asked for it on the console)" : "";
        return new Light4jPassword(null, "(none)", false, false, "needs the master password it was encrypted with:"
                + " set the environment variable " + VARIABLE + " (or -D" + lower + ")" + light4j
                + ", as light-4j's AutoAESSaltDecryptor read it, or give the plain value through an environment variable");
    }
}
