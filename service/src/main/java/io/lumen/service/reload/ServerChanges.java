package io.lumen.service.reload;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The keys of a config record whose values differ between two bindings: server.yml's listeners,
 * TLS, threads and buffers belong to the running server, so a reload that changes any of them is
 * refused and names them (names only: values may be passwords). Reads every record component, so
 * keys added to server.yml later are covered without a list to keep.
 */
final class ServerChanges {
    private ServerChanges() {
    }

    static List<String> between(Record running, Record reread) {
        if (running.getClass() != reread.getClass()) {
            throw new IllegalArgumentException("different records: " + running.getClass() + ", " + reread.getClass());
        }
        List<String> keys = new ArrayList<>();
        for (RecordComponent c : running.getClass().getRecordComponents()) {
            if (!Objects.equals(value(c, running), value(c, reread))) {
                keys.add(c.getName());
            }
        }
        return keys;
    }

    private static Object value(RecordComponent c, Record r) {
        try {
            return c.getAccessor().invoke(r);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + c.getName() + " of " + r.getClass().getName(), e);
        }
    }
}
