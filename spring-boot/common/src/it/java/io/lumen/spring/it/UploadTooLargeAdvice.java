package io.lumen.spring.it;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.multipart.MaxUploadSizeExceededException;

/**
 * The application's own answer to an upload over its multipart limits, as upload applications have
 * (only where a test sets {@code test.upload-advice}).
 */
@ControllerAdvice
@ConditionalOnProperty("test.upload-advice")
public class UploadTooLargeAdvice {
    static final String ANSWER = "the application's own answer: file too large";

    @ExceptionHandler(MaxUploadSizeExceededException.class)
    public ResponseEntity<String> tooLarge() {
        return ResponseEntity.status(HttpStatus.PAYLOAD_TOO_LARGE).body(ANSWER);
    }
}
