package io.lumen.spring.web;

import io.lumen.security.VerifiedToken;
import io.lumen.spring.LumenRequest;
import io.lumen.validator.validation.ValidatedRequest;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/**
 * Controller method parameters of type {@link LumenRequest} (never null: {@link LumenRequest#NONE}
 * without a Lumen route), {@link VerifiedToken} and {@link ValidatedRequest} (null when that
 * middleware did not run). Runs on the servlet's thread.
 */
public final class LumenRequestArgumentResolver implements HandlerMethodArgumentResolver {
    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        Class<?> type = parameter.getParameterType();
        return type == LumenRequest.class || type == VerifiedToken.class || type == ValidatedRequest.class;
    }

    @Override
    public Object resolveArgument(MethodParameter parameter, ModelAndViewContainer mav, NativeWebRequest web,
                                  WebDataBinderFactory binders) {
        HttpServletRequest request = web.getNativeRequest(HttpServletRequest.class);
        LumenRequest lumen = request == null ? LumenRequest.NONE : LumenRequests.of(request);
        Class<?> type = parameter.getParameterType();
        if (type == VerifiedToken.class) {
            return lumen.token();
        }
        if (type == ValidatedRequest.class) {
            return lumen.validated();
        }
        return lumen;
    }
}
