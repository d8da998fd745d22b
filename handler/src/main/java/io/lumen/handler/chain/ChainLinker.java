package io.lumen.handler.chain;

import io.lumen.handler.Blocking;
import io.lumen.handler.ChainContext;
import io.lumen.handler.FailureHandler;
import io.lumen.handler.Middleware;
import io.undertow.server.HttpHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * Links a resolved chain into one {@link HttpHandler}, back to front: the last link answers, each
 * middleware wraps what follows it, and a {@link DispatchHandler} goes in front of the first
 * {@link Blocking} link that {@linkplain Blocking#blocks() blocks}. The result has every {@code next} fixed, so a request walks it with plain
 * method calls.
 */
final class ChainLinker {
    private static final Logger LOG = LoggerFactory.getLogger(ChainLinker.class);

    private final Executor blockingExecutor;
    private final FailureHandler lastResort;
    private final Set<List<String>> warned = ConcurrentHashMap.newKeySet();

    ChainLinker(Executor blockingExecutor, FailureHandler lastResort) {
        this.blockingExecutor = blockingExecutor;
        this.lastResort = lastResort;
    }

    /**
     * @param links   the chain, disabled middleware already dropped; all but the last are middleware, or the
     *                plain handlers after the first one are plain handlers too (dropped with a warning)
     * @param problem turns a message into the startup error for this route
     */
    HttpHandler link(String method, String path, List<Link> links, Function<String, RuntimeException> problem) {
        if (links.isEmpty()) {
            throw problem.apply("the chain is empty (every middleware in it may be disabled): add a handler that answers");
        }
        for (int i = 0; i < links.size() - 1; i++) {
            if (!(links.get(i).handler() instanceof Middleware)) {
                List<Link> rest = links.subList(i + 1, links.size());
                if (rest.stream().anyMatch(l -> l.handler() instanceof Middleware)) {
                    throw problem.apply("'" + links.get(i).name() + "' is not middleware, so nothing after it would run; "
                            + "only the last entry may be a plain handler (chain: " + names(links) + ")");
                }
                // light-gateway's default chain ends [router, proxy]: light-4j's first handler answers, the rest never run
                if (warned.add(names(links))) {
                    LOG.warn("chain {}: '{}' answers, so {} after it never run{} (as in light-4j); dropped", names(links),
                            links.get(i).name(), names(rest), rest.size() == 1 ? "s" : "");
                }
                links = links.subList(0, i + 1);
                break;
            }
        }
        Link last = links.get(links.size() - 1);
        if (!(last.handler() instanceof HttpHandler terminal)) {
            throw problem.apply("the chain ends with middleware '" + last.name()
                    + "'; its last entry must be a handler that answers (chain: " + names(links) + ")");
        }
        int firstBlocking = -1;
        for (int i = 0; i < links.size(); i++) {
            if (links.get(i).handler() instanceof Blocking b && b.blocks()) {
                firstBlocking = i;
                break;
            }
        }
        List<String> names = names(links);
        HttpHandler next = terminal;
        for (int i = links.size() - 2; i >= -1; i--) {
            if (i + 1 == firstBlocking) {
                next = new DispatchHandler(next, blockingExecutor, failuresBefore(links, i + 1));
            }
            if (i >= 0) {
                Middleware m = (Middleware) links.get(i).handler();
                HttpHandler wrapped = m.wrap(new Context(method, path, names, failuresBefore(links, i)), next);
                if (wrapped == null) {
                    throw problem.apply("middleware '" + links.get(i).name() + "' returned no handler from wrap()");
                }
                next = wrapped;
            }
        }
        return next;
    }

    /** The nearest {@link FailureHandler} strictly before position {@code index}, else the last resort. */
    private FailureHandler failuresBefore(List<Link> links, int index) {
        for (int i = index - 1; i >= 0; i--) {
            if (links.get(i).handler() instanceof FailureHandler f) {
                return f;
            }
        }
        return lastResort;
    }

    static List<String> names(List<Link> links) {
        return links.stream().map(Link::name).toList();
    }

    private record Context(String method, String path, List<String> chain, FailureHandler failures)
            implements ChainContext {
    }
}
