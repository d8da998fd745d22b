package io.lumen.client;

import java.util.List;

/**
 * The calls of one pool that have not finished, in send order, linked through their own
 * {@code prevTimed}/{@code nextTimed} fields: adding and removing allocate nothing and happen
 * under the pool lock the call takes anyway, which is why a pool needs no timer per request.
 * {@link #expire} scans the whole list, so mixed per-request timeouts work; the list holds only
 * requests in flight or queued. Not thread-safe: guarded by the owning {@link OriginPool}.
 */
final class DeadlineList {
    private Call head;
    private Call tail;

    boolean isEmpty() {
        return head == null;
    }

    void add(Call c) {
        if (c.timed) {
            return;
        }
        c.timed = true;
        c.prevTimed = tail;
        c.nextTimed = null;
        if (tail == null) {
            head = c;
        } else {
            tail.nextTimed = c;
        }
        tail = c;
    }

    void remove(Call c) {
        if (!c.timed) {
            return;
        }
        c.timed = false;
        Call p = c.prevTimed;
        Call n = c.nextTimed;
        if (p == null) {
            head = n;
        } else {
            p.nextTimed = n;
        }
        if (n == null) {
            tail = p;
        } else {
            n.prevTimed = p;
        }
        c.prevTimed = null;
        c.nextTimed = null;
    }

    /** Removes the calls whose deadline ({@code System.nanoTime()} based) is not after {@code now}. */
    void expire(long now, List<Call> expired) {
        for (Call c = head; c != null; ) {
            Call n = c.nextTimed;
            if (now - c.deadline >= 0) {
                remove(c);
                expired.add(c);
            }
            c = n;
        }
    }
}
