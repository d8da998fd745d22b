# syntax=docker/dockerfile:1
# The reverse proxy image (lumen-proxy.jar: a sidecar or a gateway). Build from the repository root:
#   docker build -f deploy/docker/proxy.Dockerfile -t lumen/proxy:dev .
# Stage 1 builds the fat jar with the project's own Maven wrapper; stage 2 is a JRE-only,
# non-root runtime whose JVM starts from an AOT cache written by a training run at build time
# (Java 25, JEP 483/514/515: classes loaded, linked and profiled ahead of time).
ARG JDK_IMAGE=eclipse-temurin:25-jdk
ARG JRE_IMAGE=eclipse-temurin:25-jre

FROM ${JDK_IMAGE} AS build
WORKDIR /src
COPY . .
# The Maven repository is a BuildKit cache mount: later builds download nothing.
RUN --mount=type=cache,target=/root/.m2 ./mvnw -B -q -pl proxy -am -DskipTests package

FROM ${JRE_IMAGE}
# A fixed non-root user: Kubernetes' runAsNonRoot can check a numeric id.
RUN groupadd --system --gid 10001 lumen && useradd --system --uid 10001 --gid lumen --no-create-home lumen
WORKDIR /app
COPY --from=build /src/proxy/target/lumen-proxy.jar /app/lumen-proxy.jar
# Defaults baked in; a ConfigMap mounted at /config (and a Secret at /secrets) win file by file.
COPY --from=build /src/config/proxy/sidecar /app/config
# Heap from the container's memory limit; fail fast (and get restarted) rather than limp on OOM.
ENV JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=70 -XX:+ExitOnOutOfMemoryError"
COPY deploy/docker/train.sh /app/train.sh
# Training run: same JVM, same jar path as at run time, so the cache is accepted at startup.
RUN SERVER_HTTPPORT=8080 TRAIN_PATHS="/health/readiness /health/liveness /prometheus /not-running-upstream" \
    /app/train.sh 8080 -XX:AOTCacheOutput=/app/lumen-proxy.aot -Dlight-4j-config-dir=/app/config -jar /app/lumen-proxy.jar \
    && rm /app/train.sh
USER 10001:10001
EXPOSE 8080
ENTRYPOINT ["java", "-XX:AOTCache=/app/lumen-proxy.aot", "-Dlight-4j-config-dir=/config:/secrets:/app/config", "-jar", "/app/lumen-proxy.jar"]
