package io.lumen.bench.client;

import com.networknt.client.Http2Client;
import io.lumen.client.LumenClient;
import io.lumen.client.LumenClientBuilder;
import io.lumen.client.Request;
import io.undertow.UndertowOptions;
import io.undertow.client.ClientCallback;
import io.undertow.client.ClientConnection;
import io.undertow.client.ClientExchange;
import io.undertow.client.ClientRequest;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import io.undertow.util.StringReadChannelListener;
import io.undertow.util.StringWriteChannelListener;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.ConnectionPool;
import okhttp3.Dispatcher;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.RequestBody;
import org.eclipse.jetty.client.BufferingResponseListener;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.client.StringRequestContent;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http2.client.HTTP2Client;
import org.eclipse.jetty.http2.client.transport.HttpClientTransportOverHTTP2;
import org.eclipse.jetty.io.ClientConnector;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.xnio.OptionMap;

import java.util.concurrent.CompletableFuture;
import javax.net.ssl.SSLContext;
import javax.net.ssl.X509TrustManager;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** One driver per client library; each sends asynchronously and reports every outcome once. */
final class Drivers {
    private Drivers() {
    }

    /** Receives the outcome of one request; status 0 and a non-null error for failures. */
    interface Done {
        void done(int status, String body, Throwable error);
    }

    interface Driver extends AutoCloseable {
        String name();

        void get(Done done);

        void post(Done done);

        /** The protocol one GET negotiated, e.g. HTTP/2.0 (printed before measuring). */
        String protocol() throws Exception;

        @Override
        void close() throws Exception;
    }

    static Driver create(String name, String base, KeyStore trust, SSLContext ctx, X509TrustManager tm) throws Exception {
        return switch (name) {
            case "lumen" -> lumen(base, trust);
            case "jdk" -> jdk(base, ctx);
            case "okhttp" -> okhttp(base, ctx, tm);
            case "jetty" -> jetty(base, trust);
            case "light4j" -> light4j(base);
            default -> throw new IllegalArgumentException("unknown client " + name);
        };
    }

    /** One numeric {@code request.*} key of client.yml, named as there, through the builder's typed setter. */
    private static void lumenSetting(LumenClientBuilder b, String key, long value) {
        switch (key) {
            case "ioThreads" -> b.ioThreads(Math.toIntExact(value));
            case "bufferSize" -> b.bufferSize(Math.toIntExact(value));
            case "connectionPoolSize" -> b.maxConnections(Math.toIntExact(value));
            case "maxQueue" -> b.maxQueue(Math.toIntExact(value));
            case "maxStreamsPerConnection" -> b.maxStreamsPerConnection(Math.toIntExact(value));
            case "maxReqPerConn" -> b.maxRequestsPerConnection(value);
            case "timeout" -> b.timeout(value);
            case "connectTimeout" -> b.connectTimeout(value);
            case "maxRetries" -> b.maxRetries(Math.toIntExact(value));
            default -> throw new IllegalArgumentException("bench.lumen." + key + ": not a numeric request.* setting of the client");
        }
    }

    /** Lumen: immutable requests built once; futures complete on the client's IO thread. */
    static Driver lumen(String base, KeyStore trust) {
        LumenClientBuilder b = LumenClient.builder().trustStore(trust).trustDefaultCas(false);
        for (String key : System.getProperties().stringPropertyNames()) {
            if (key.startsWith("bench.lumen.")) { // experiments only: -Dbench.lumen.ioThreads=1
                lumenSetting(b, key.substring("bench.lumen.".length()), Long.parseLong(System.getProperty(key)));
            }
        }
        LumenClient client = b.build();
        Request get = Request.get(URI.create(base + "/get?name=Steve")).build();
        Request post = Request.post(URI.create(base + "/post")).body("Steve").build();
        return new Driver() {
            public String name() {
                return "lumen";
            }

            public void get(Done d) {
                client.send(get).whenComplete((r, e) -> d.done(r == null ? 0 : r.status(), r == null ? null : r.bodyString(), e));
            }

            public void post(Done d) {
                client.send(post).whenComplete((r, e) -> d.done(r == null ? 0 : r.status(), r == null ? null : r.bodyString(), e));
            }

            public String protocol() throws Exception {
                return client.send(get).get(10, TimeUnit.SECONDS).protocol();
            }

            public void close() {
                client.close();
            }
        };
    }

    /** JDK HttpClient, HTTP/2, sendAsync; requests are immutable and reused. */
    static Driver jdk(String base, SSLContext ctx) {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).sslContext(ctx).build();
        HttpRequest get = HttpRequest.newBuilder(URI.create(base + "/get?name=Steve")).build();
        HttpRequest post = HttpRequest.newBuilder(URI.create(base + "/post"))
                .POST(HttpRequest.BodyPublishers.ofString("Steve")).build();
        return new Driver() {
            public String name() {
                return "jdk";
            }

            public void get(Done d) {
                client.sendAsync(get, HttpResponse.BodyHandlers.ofString())
                        .whenComplete((r, e) -> d.done(r == null ? 0 : r.statusCode(), r == null ? null : r.body(), e));
            }

            public void post(Done d) {
                client.sendAsync(post, HttpResponse.BodyHandlers.ofString())
                        .whenComplete((r, e) -> d.done(r == null ? 0 : r.statusCode(), r == null ? null : r.body(), e));
            }

            public String protocol() throws Exception {
                return client.send(get, HttpResponse.BodyHandlers.ofString()).version().toString();
            }

            public void close() {
                client.shutdownNow();
            }
        };
    }

    /** OkHttp 4, HTTP/2 over TLS, enqueue; the dispatcher limits are raised above the window. */
    @SuppressWarnings("deprecation")
    static Driver okhttp(String base, SSLContext ctx, X509TrustManager tm) {
        Dispatcher dispatcher = new Dispatcher();
        dispatcher.setMaxRequests(1024);
        dispatcher.setMaxRequestsPerHost(1024);
        OkHttpClient client = new OkHttpClient.Builder().dispatcher(dispatcher)
                .sslSocketFactory(ctx.getSocketFactory(), tm)
                .protocols(List.of(Protocol.HTTP_2, Protocol.HTTP_1_1))
                .connectionPool(new ConnectionPool(5, 5, TimeUnit.MINUTES))
                .build();
        okhttp3.Request get = new okhttp3.Request.Builder().url(base + "/get?name=Steve").build();
        okhttp3.Request post = new okhttp3.Request.Builder().url(base + "/post")
                .post(RequestBody.create(MediaType.get("text/plain; charset=utf-8"), "Steve")).build();
        return new Driver() {
            public String name() {
                return "okhttp";
            }

            private void send(okhttp3.Request r, Done d) {
                client.newCall(r).enqueue(new Callback() {
                    public void onFailure(Call call, IOException e) {
                        d.done(0, null, e);
                    }

                    public void onResponse(Call call, okhttp3.Response resp) throws IOException {
                        int code = resp.code();
                        String body;
                        try (resp) {
                            body = resp.body().string();
                        }
                        d.done(code, body, null);
                    }
                });
            }

            public void get(Done d) {
                send(get, d);
            }

            public void post(Done d) {
                send(post, d);
            }

            public String protocol() throws Exception {
                try (okhttp3.Response r = client.newCall(get).execute()) {
                    return r.protocol().toString();
                }
            }

            public void close() {
                client.dispatcher().executorService().shutdown();
                client.connectionPool().evictAll();
            }
        };
    }

    /** Jetty 12 HttpClient over HTTP/2 (TLS, ALPN h2); requests are per-send objects in Jetty's API. */
    static Driver jetty(String base, KeyStore trust) throws Exception {
        SslContextFactory.Client ssl = new SslContextFactory.Client();
        ssl.setTrustStore(trust);
        ClientConnector connector = new ClientConnector();
        connector.setSslContextFactory(ssl);
        org.eclipse.jetty.client.HttpClient client =
                new org.eclipse.jetty.client.HttpClient(new HttpClientTransportOverHTTP2(new HTTP2Client(connector)));
        client.setMaxRequestsQueuedPerDestination(100_000);
        client.start();
        URI get = URI.create(base + "/get?name=Steve");
        URI post = URI.create(base + "/post");
        return new Driver() {
            public String name() {
                return "jetty";
            }

            private BufferingResponseListener listener(Done d) {
                return new BufferingResponseListener() {
                    @Override
                    public void onComplete(Result r) {
                        if (r.isFailed()) {
                            d.done(0, null, r.getFailure());
                        } else {
                            d.done(r.getResponse().getStatus(), getContentAsString(), null);
                        }
                    }
                };
            }

            public void get(Done d) {
                client.newRequest(get).send(listener(d));
            }

            public void post(Done d) {
                client.newRequest(post).method(HttpMethod.POST).body(new StringRequestContent("text/plain", "Steve"))
                        .send(listener(d));
            }

            public String protocol() throws Exception {
                return client.newRequest(get).send().getVersion().toString();
            }

            public void close() throws Exception {
                client.stop();
            }
        };
    }

    /**
     * light-4j 2.3.3: a connection borrowed from {@code Http2Client} (its XNIO worker, SSL context from
     * client.yml and buffer pool), requests sent with the callback pattern of light-4j's own
     * {@code createClientCallback} (Undertow's string write/read listeners) without its per-request latch.
     */
    static Driver light4j(String base) throws Exception {
        Http2Client client = Http2Client.getInstance();
        ClientConnection connection = client.borrowConnection(10, URI.create(base), Http2Client.WORKER,
                client.getDefaultXnioSsl(), Http2Client.BUFFER_POOL, OptionMap.create(UndertowOptions.ENABLE_HTTP2, true));
        String host = URI.create(base).getHost();
        return new Driver() {
            public String name() {
                return "light4j";
            }

            private ClientCallback<ClientExchange> callback(Done d, String body) {
                return new ClientCallback<>() {
                    public void completed(ClientExchange ex) {
                        ex.setResponseListener(new ClientCallback<>() {
                            public void completed(ClientExchange r) {
                                int code = r.getResponse().getResponseCode();
                                new StringReadChannelListener(Http2Client.BUFFER_POOL) {
                                    protected void stringDone(String s) {
                                        d.done(code, s, null);
                                    }

                                    protected void error(IOException e) {
                                        d.done(0, null, e);
                                    }
                                }.setup(r.getResponseChannel());
                            }

                            public void failed(IOException e) {
                                d.done(0, null, e);
                            }
                        });
                        if (body != null) {
                            new StringWriteChannelListener(body).setup(ex.getRequestChannel());
                        }
                    }

                    public void failed(IOException e) {
                        d.done(0, null, e);
                    }
                };
            }

            public void get(Done d) {
                ClientRequest r = new ClientRequest().setMethod(Methods.GET).setPath("/get?name=Steve");
                r.getRequestHeaders().put(Headers.HOST, host);
                connection.sendRequest(r, callback(d, null));
            }

            public void post(Done d) {
                ClientRequest r = new ClientRequest().setMethod(Methods.POST).setPath("/post");
                r.getRequestHeaders().put(Headers.HOST, host);
                r.getRequestHeaders().put(Headers.CONTENT_LENGTH, 5);
                r.getRequestHeaders().put(Headers.CONTENT_TYPE, "text/plain");
                connection.sendRequest(r, callback(d, "Steve"));
            }

            public String protocol() throws Exception {
                CompletableFuture<String> p = new CompletableFuture<>();
                ClientRequest r = new ClientRequest().setMethod(Methods.GET).setPath("/get?name=Steve");
                r.getRequestHeaders().put(Headers.HOST, host);
                connection.sendRequest(r, new ClientCallback<>() {
                    public void completed(ClientExchange ex) {
                        ex.setResponseListener(new ClientCallback<>() {
                            public void completed(ClientExchange e) {
                                p.complete(e.getResponse().getProtocol().toString());
                                StringReadChannelListener drain =
                                        new StringReadChannelListener(Http2Client.BUFFER_POOL) {
                                            protected void stringDone(String s) { }

                                            protected void error(IOException x) { }
                                        };
                                drain.setup(e.getResponseChannel());
                            }

                            public void failed(IOException e) {
                                p.completeExceptionally(e);
                            }
                        });
                    }

                    public void failed(IOException e) {
                        p.completeExceptionally(e);
                    }
                });
                return p.get(10, TimeUnit.SECONDS);
            }

            public void close() throws IOException {
                connection.close();
            }
        };
    }
}
