package io.lumen.otel.sdk;

/** Lets a test outside this package count the SDK's log lines from a full budget. */
public final class SdkLogBudgets {
    private SdkLogBudgets() {
    }

    public static void reset() {
        SdkLogBridge.resetBudgets();
    }
}
