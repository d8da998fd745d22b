package io.lumen.server;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Chooses where blocking handlers run. Lumen compiles for Java 17, so virtual threads are reached
 * through a method handle when the runtime has them. Used by {@link LumenServer} and by
 * applications that embed Lumen in their own server (the Spring Boot starter).
 */
public final class BlockingExecutors {
    private static final Logger LOG = LoggerFactory.getLogger(BlockingExecutors.class);

    private BlockingExecutors() {
    }

    /**
     * A virtual-thread executor for {@code mode} {@code auto} or {@code virtual} on Java 21+, or
     * {@code null} meaning the server's worker pool. The caller shuts a returned executor down.
     */
    public static ExecutorService choose(String mode) {
        if (mode.equals("worker")) {
            return null;
        }
        ExecutorService virtual = virtualThreads();
        if (virtual == null && mode.equals("virtual")) {
            LOG.warn("blockingExecutor is 'virtual' but Java {} has no virtual threads: using the worker pool",
                    Runtime.version().feature());
        }
        return virtual;
    }

    private static ExecutorService virtualThreads() {
        try {
            return (ExecutorService) MethodHandles.publicLookup()
                    .findStatic(Executors.class, "newVirtualThreadPerTaskExecutor", MethodType.methodType(ExecutorService.class))
                    .invoke();
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        } catch (Throwable e) {
            LOG.warn("virtual threads are unavailable: {}", e.toString());
            return null;
        }
    }

    /** For the startup log line. */
    public static String describe(Executor executor, int workerThreads) {
        return executor == null ? "worker pool (" + workerThreads + " threads)" : "virtual threads";
    }
}
