package io.lumen.security.tool;

import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.lang.JoseException;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The developer tool: dev key pairs and tokens for calling a secured Lumen service.
 *
 * <pre>
 * java -cp petstore.jar io.lumen.security.tool.DevTokens keygen --dir config/my-service --kid dev-1
 * java -cp petstore.jar io.lumen.security.tool.DevTokens token --key config/my-service/dev-only/dev-1.key.pem \
 *      --kid dev-1 --scope "read:pets write:pets" --iss https://lumen.dev/issuer --aud petstore --ttl 3600
 * </pre>
 *
 * {@code keygen} writes {@code <dir>/<kid>.crt} (self-signed X.509, RSA 2048, 30 years) for
 * {@code jwt.certificate} and the private key to {@code <dir>/dev-only/<kid>.key.pem} next to a README that
 * says it is for development only. {@code token} prints a signed JWT (RS256 for RSA keys, ES256 for P-256).
 */
public final class DevTokens {
    static final String USAGE = """
            usage:
              DevTokens keygen --dir <config dir> --kid <kid> [--days 10950] [--force]
              DevTokens token --key <private key PEM> --kid <kid> [--scope "a b"] [--iss <issuer>] [--aud <audience>]
                              [--ttl <seconds, 3600>] [--sub <subject>] [--client-id <id>] [--claim name=value]...
            """;

    private DevTokens() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs a command; returns the exit code (0 ok, 2 usage, 1 failure). */
    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0) {
            err.print(USAGE);
            return 2;
        }
        try {
            Map<String, List<String>> opts = options(Arrays.copyOfRange(args, 1, args.length));
            switch (args[0]) {
                case "keygen" -> keygen(opts, out);
                case "token" -> out.println(token(opts));
                default -> throw new IllegalArgumentException("unknown command '" + args[0] + "'");
            }
            return 0;
        } catch (IllegalArgumentException e) {
            err.println("DevTokens: " + e.getMessage());
            err.print(USAGE);
            return 2;
        } catch (IOException | GeneralSecurityException | JoseException e) {
            err.println("DevTokens: " + e);
            return 1;
        }
    }

    private static void keygen(Map<String, List<String>> opts, PrintStream out) throws IOException, GeneralSecurityException {
        Path dir = Path.of(required(opts, "dir"));
        String kid = required(opts, "kid");
        if (!kid.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("--kid may hold letters, digits, '.', '_' and '-' only");
        }
        long days = Long.parseLong(single(opts, "days", "10950"));
        boolean force = opts.containsKey("force");
        Path cert = dir.resolve(kid + ".crt");
        Path devOnly = dir.resolve("dev-only");
        Path key = devOnly.resolve(kid + ".key.pem");
        if (!force && (Files.exists(cert) || Files.exists(key))) {
            throw new IllegalArgumentException(cert + " or " + key + " exists; add --force to replace them");
        }
        KeyPair pair = generate();
        Instant now = Instant.now();
        X509Certificate x509 = SelfSignedCertificate.create(pair, kid, now.minus(Duration.ofDays(1)),
                now.plus(Duration.ofDays(days)));
        Files.createDirectories(devOnly);
        Files.writeString(cert, Pem.encode("CERTIFICATE", x509.getEncoded()));
        Files.writeString(key, Pem.encode("PRIVATE KEY", pair.getPrivate().getEncoded()));
        Path readme = devOnly.resolve("README.md");
        if (!Files.exists(readme)) {
            Files.writeString(readme, DEV_ONLY_README);
        }
        out.println("wrote " + cert + " (certificate, valid until " + x509.getNotAfter().toInstant() + ")");
        out.println("wrote " + key + " (DEVELOPMENT ONLY private key)");
        out.println("security.yml:  jwt.certificate: {" + kid + ": " + kid + ".crt}   or values.yml: security.certificate: "
                + kid + "=" + kid + ".crt");
    }

    static KeyPair generate() throws GeneralSecurityException {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048);
        return g.generateKeyPair();
    }

    private static String token(Map<String, List<String>> opts) throws IOException, GeneralSecurityException, JoseException {
        PrivateKey key = Pem.privateKey(Files.readString(Path.of(required(opts, "key")), StandardCharsets.US_ASCII));
        JwtClaims claims = new JwtClaims();
        single(opts, "iss", null, claims::setIssuer);
        single(opts, "aud", null, claims::setAudience);
        single(opts, "sub", null, claims::setSubject);
        single(opts, "client-id", null, v -> claims.setClaim("client_id", v));
        single(opts, "scope", null, v -> claims.setClaim("scope", v));
        long ttl = Long.parseLong(single(opts, "ttl", "3600"));
        if (ttl < 1) {
            throw new IllegalArgumentException("--ttl must be at least 1 second");
        }
        Map<String, String> extra = new LinkedHashMap<>();
        for (String kv : opts.getOrDefault("claim", List.of())) {
            int eq = kv.indexOf('=');
            if (eq < 1) {
                throw new IllegalArgumentException("--claim expects name=value, got '" + kv + "'");
            }
            extra.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        extra.forEach(claims::setClaim);
        long now = Instant.now().getEpochSecond();
        claims.setIssuedAt(NumericDate.fromSeconds(now));
        claims.setNotBefore(NumericDate.fromSeconds(now));
        claims.setExpirationTime(NumericDate.fromSeconds(now + ttl));
        claims.setJwtId(UUID.randomUUID().toString());
        return sign(key, required(opts, "kid"), claims);
    }

    /** Signs {@code claims} with {@code key} (RS256 for RSA, ES256 for EC P-256) and the {@code kid} header. */
    public static String sign(PrivateKey key, String kid, JwtClaims claims) throws JoseException {
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(claims.toJson());
        jws.setKey(key);
        jws.setKeyIdHeaderValue(kid);
        jws.setHeader("typ", "JWT");
        jws.setAlgorithmHeaderValue("EC".equals(key.getAlgorithm())
                ? AlgorithmIdentifiers.ECDSA_USING_P256_CURVE_AND_SHA256 : AlgorithmIdentifiers.RSA_USING_SHA256);
        return jws.getCompactSerialization();
    }

    private static Map<String, List<String>> options(String[] args) {
        Map<String, List<String>> opts = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument '" + args[i] + "'");
            }
            String name = args[i].substring(2);
            if (name.equals("force")) {
                opts.put(name, List.of());
                continue;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("--" + name + " needs a value");
            }
            opts.computeIfAbsent(name, n -> new ArrayList<>()).add(args[++i]);
        }
        return opts;
    }

    private static String required(Map<String, List<String>> opts, String name) {
        String v = single(opts, name, null);
        if (v == null || v.isBlank()) {
            throw new IllegalArgumentException("--" + name + " is required");
        }
        return v;
    }

    private static String single(Map<String, List<String>> opts, String name, String dflt) {
        List<String> v = opts.get(name);
        return v == null || v.isEmpty() ? dflt : v.get(v.size() - 1);
    }

    private static void single(Map<String, List<String>> opts, String name, String dflt,
                               Consumer<String> sink) {
        String v = single(opts, name, dflt);
        if (v != null) {
            sink.accept(v);
        }
    }

    private static final String DEV_ONLY_README = """
            # DEVELOPMENT ONLY

            The private keys in this folder sign tokens for local development and tests. They are public
            (committed to a repository, printed in docs): anyone can mint a token that a service trusting the
            matching certificate accepts. Never trust these certificates outside development, never deploy
            this folder, and never use these keys for anything else.
            """;
}
