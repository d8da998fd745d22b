package io.lumen.security.password;

import java.io.Console;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * Makes the stored forms for basic-auth.yml and apikey.yml: {@code bcrypt [cost]} reads a password
 * (from the console without echo, else one line of standard input) and prints its bcrypt hash;
 * {@code apikey} prints a new random key and its {@code sha256:} form. Developer tool; never logs.
 */
public final class HashTool {
    private HashTool() {
    }

    public static void main(String[] args) throws IOException {
        String what = args.length > 0 ? args[0] : "";
        switch (what) {
            case "bcrypt" -> {
                int cost = args.length > 1 ? Integer.parseInt(args[1]) : 10;
                System.out.println(PasswordHash.bcrypt(readPassword(), cost));
            }
            case "apikey" -> {
                byte[] random = new byte[32];
                new SecureRandom().nextBytes(random);
                String key = HexFormat.of().formatHex(random);
                System.out.println("key:    " + key);
                System.out.println("stored: " + KeyDigest.stored(key));
            }
            default -> {
                System.err.println("usage: HashTool bcrypt [cost] | HashTool apikey");
                System.exit(2);
            }
        }
    }

    private static String readPassword() throws IOException {
        Console console = System.console();
        if (console != null) {
            return new String(console.readPassword("password: "));
        }
        StringBuilder line = new StringBuilder();
        InputStreamReader in = new InputStreamReader(System.in, StandardCharsets.UTF_8);
        for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
            line.append((char) c);
        }
        return line.toString().strip();
    }
}
