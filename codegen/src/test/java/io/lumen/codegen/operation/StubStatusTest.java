package io.lumen.codegen.operation;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which documented reply the generated stub answers. */
class StubStatusTest {
    private static OperationModel.Reply reply(String key) {
        int status = key.equals("default") ? 200 : Integer.parseInt(key);
        return new OperationModel.Reply(key, "Status" + key, status, null, OperationModel.Kind.NONE, null, "");
    }

    @Test
    void anInformationalStatusIsNotAnsweredWhileAnotherIsDocumented() {
        // Docker Engine API's POST /session: 101 (the connection is hijacked), 400, 500
        assertEquals("400", ReplyReader.stub(List.of(reply("101"), reply("400"), reply("500"))).statusKey());
        assertEquals("204", ReplyReader.stub(List.of(reply("101"), reply("204"))).statusKey());
        assertEquals("304", ReplyReader.stub(List.of(reply("101"), reply("304"), reply("404"))).statusKey());
    }
}
