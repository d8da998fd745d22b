package io.lumen.client.pool;

import io.undertow.client.ClientCallback;
import io.undertow.client.ClientExchange;
import io.undertow.client.ClientRequest;
import io.undertow.connector.ByteBufferPool;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import io.undertow.util.StringReadChannelListener;
import org.xnio.XnioIoThread;

import java.io.IOException;

/** A test lease that sends a GET on the connection it gets, reads the whole answer, then gives the connection back. */
final class GetLease extends FutureLease<String> {
    private final ByteBufferPool buffers;
    private final String authority;
    private final String path;

    GetLease(XnioIoThread thread, ByteBufferPool buffers, String authority) {
        this(thread, buffers, authority, "/");
    }

    GetLease(XnioIoThread thread, ByteBufferPool buffers, String authority, String path) {
        super(thread, buffers);
        this.buffers = buffers;
        this.authority = authority;
        this.path = path;
    }

    @Override
    public void leased(PooledConnection c) {
        ClientRequest request = new ClientRequest().setMethod(Methods.GET).setPath(path);
        request.getRequestHeaders().put(Headers.HOST, authority);
        c.connection().sendRequest(request, new ClientCallback<>() {
            @Override
            public void completed(ClientExchange exchange) {
                exchange.setResponseListener(new ClientCallback<>() {
                    @Override
                    public void completed(ClientExchange response) {
                        new StringReadChannelListener(buffers) {
                            @Override
                            protected void stringDone(String body) {
                                c.release(true);
                                result.complete(body);
                            }

                            @Override
                            protected void error(IOException e) {
                                GetLease.this.failed(c, e);
                            }
                        }.setup(response.getResponseChannel());
                    }

                    @Override
                    public void failed(IOException e) {
                        GetLease.this.failed(c, e);
                    }
                });
            }

            @Override
            public void failed(IOException e) {
                GetLease.this.failed(c, e);
            }
        });
    }

    private void failed(PooledConnection c, IOException e) {
        c.release(false);
        result.completeExceptionally(e);
    }

    @Override
    public void leaseFailed(Failure failure, IOException cause) {
        result.completeExceptionally(new IOException(failure + ": " + cause, cause));
    }
}
