package io.lumen.spring.itsecured;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** An application's own ProblemDetail advice (with {@code test.problem-advice=true}): Lumen's refusals follow it. */
@RestControllerAdvice
@ConditionalOnProperty(name = "test.problem-advice", havingValue = "true")
public class ProblemAdvice {
    @ExceptionHandler(IllegalStateException.class)
    ProblemDetail conflict(IllegalStateException e) {
        return ProblemDetail.forStatusAndDetail(HttpStatus.CONFLICT, e.getMessage());
    }
}
