package io.lumen.spring.web;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.core.ResolvableType;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.env.Environment;
import org.springframework.http.ProblemDetail;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

import java.lang.reflect.Method;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Whether the application answers its errors as RFC 9457 problem details, so Lumen's refusals should too:
 * {@code spring.mvc.problemdetails.enabled=true}, or a {@code @ControllerAdvice} that extends
 * {@link ResponseEntityExceptionHandler} or has an {@code @ExceptionHandler} returning a
 * {@link ProblemDetail} or {@link ErrorResponse} (also inside a {@code ResponseEntity}). Asked once all
 * singletons exist.
 */
public final class ProblemDetailsUse {
    private ProblemDetailsUse() {
    }

    /** The application's own answer, as far as its settings and advice beans tell; false without Spring MVC. */
    public static boolean detected(Environment environment, ListableBeanFactory beans) {
        if (!ClassUtils.isPresent("org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler",
                ProblemDetailsUse.class.getClassLoader())) {
            return false;
        }
        if (environment.getProperty("spring.mvc.problemdetails.enabled", Boolean.class, false)) {
            return true;
        }
        for (String name : beans.getBeanNamesForAnnotation(ControllerAdvice.class)) {
            Class<?> type = beans.getType(name);
            if (type != null && answersProblems(ClassUtils.getUserClass(type))) {
                return true;
            }
        }
        return false;
    }

    /** What a description of the choice says in the startup log. */
    public static String why(Environment environment) {
        return environment.getProperty("spring.mvc.problemdetails.enabled", Boolean.class, false)
                ? "spring.mvc.problemdetails.enabled=true" : "a @ControllerAdvice answers ProblemDetail";
    }

    private static boolean answersProblems(Class<?> advice) {
        if (ResponseEntityExceptionHandler.class.isAssignableFrom(advice)) {
            return true;
        }
        AtomicBoolean found = new AtomicBoolean();
        ReflectionUtils.doWithMethods(advice, m -> found.set(found.get() || problemReturn(m)),
                m -> AnnotatedElementUtils.hasAnnotation(m, ExceptionHandler.class));
        return found.get();
    }

    private static boolean problemReturn(Method m) {
        ResolvableType type = ResolvableType.forMethodReturnType(m);
        Class<?> raw = type.resolve(Object.class);
        if (raw.getName().equals("org.springframework.http.ResponseEntity")) {
            raw = type.getGeneric(0).resolve(Object.class);
        }
        return ProblemDetail.class.isAssignableFrom(raw) || ErrorResponse.class.isAssignableFrom(raw);
    }
}
