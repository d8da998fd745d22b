import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Steady load for the rollout run (a single-file program: java Load.java BASE_URL THREADS RATE
 * STOP_FILE MAX_SECONDS). THREADS loops, together RATE requests per second, each a GET /v1/pets or,
 * every other one, a POST /v1/pets creating a pet with an id no other request uses. A request
 * fails when it gets any other status than 200 (GET) or 201 (POST), or no answer within 10 s.
 * Stops when STOP_FILE exists or after MAX_SECONDS, and prints one line:
 * "load requests=N failed=N" (and up to 20 failures on stderr). Loopback targets only.
 */
public class Load {
    public static void main(String[] args) throws Exception {
        if (args.length != 5) {
            System.err.println("usage: Load BASE_URL THREADS RATE STOP_FILE MAX_SECONDS");
            System.exit(2);
        }
        URI base = URI.create(args[0]);
        if (!java.net.InetAddress.getByName(base.getHost()).isLoopbackAddress()) {
            System.err.println("Load only sends to loopback addresses, not " + base.getHost());
            System.exit(2);
        }
        int threads = Integer.parseInt(args[1]);
        double rate = Double.parseDouble(args[2]);
        Path stop = Path.of(args[3]);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Long.parseLong(args[4]));
        long period = (long) (TimeUnit.SECONDS.toNanos(1) * threads / rate);
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        AtomicLong requests = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        ConcurrentLinkedQueue<String> samples = new ConcurrentLinkedQueue<>();
        Thread[] loops = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            long idBase = (t + 1) * 1_000_000_000L;
            loops[t] = new Thread(() -> {
                long next = System.nanoTime();
                for (long i = 0; !Files.exists(stop) && System.nanoTime() < deadline; i++) {
                    boolean post = i % 2 == 1;
                    HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve("/v1/pets")).timeout(Duration.ofSeconds(10));
                    HttpRequest request = post
                            ? b.POST(HttpRequest.BodyPublishers.ofString("{\"id\":" + (idBase + i) + ",\"name\":\"pet" + i + "\"}"))
                                    .header("Content-Type", "application/json").build()
                            : b.GET().build();
                    String problem;
                    try {
                        HttpResponse<String> r = client.send(request, HttpResponse.BodyHandlers.ofString());
                        problem = r.statusCode() == (post ? 201 : 200) ? null : r.statusCode() + " " + r.body();
                    } catch (Exception e) {
                        problem = e.toString();
                    }
                    requests.incrementAndGet();
                    if (problem != null) {
                        failed.incrementAndGet();
                        if (samples.size() < 20) {
                            samples.add(java.time.LocalTime.now() + " " + request.method() + " " + problem);
                        }
                    }
                    next += period;
                    long wait = next - System.nanoTime();
                    if (wait > 0) {
                        LockSupport.parkNanos(wait);
                    } else {
                        next = System.nanoTime(); // behind: do not burst to catch up
                    }
                }
            }, "load-" + t);
            loops[t].start();
        }
        for (Thread t : loops) {
            t.join();
        }
        samples.forEach(s -> System.err.println("failure: " + s));
        System.out.println("load requests=" + requests.get() + " failed=" + failed.get());
    }
}
