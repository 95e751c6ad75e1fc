# kueuegov in a container: built on Debian with the same scripts/setup as a workstation, shipped
# as the .deb (so the runtime gets exactly the package's dependencies), run as a non-root user.
#   docker build --build-arg KG_GIT_DESCRIBE=$(git describe --always --dirty --tags) -t kueuegov .
#   docker run --rm -v "$PWD:/work" -w /work kueuegov lint -f queues/
# Reproducible: --build-arg SOURCE_DATE_EPOCH=$(git log -1 --format=%ct) fixes the build date.

FROM debian:bookworm AS build
ARG KG_GIT_DESCRIBE=""
ARG SOURCE_DATE_EPOCH
WORKDIR /src
COPY . .
# scripts/setup installs the Debian build dependencies, builds build/kueuegov (Release, no
# tests) and runs it on the example cluster; cpack then packages it.
RUN KG_GIT_DESCRIBE="$KG_GIT_DESCRIBE" scripts/setup \
 && cd build && cpack -G DEB -B /out

FROM debian:bookworm-slim
COPY --from=build /out/kueuegov_*.deb /tmp/
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends /tmp/kueuegov_*.deb \
 && rm -rf /var/lib/apt/lists/* /tmp/kueuegov_*.deb \
 && useradd --system --uid 65532 --user-group --home-dir /work --no-create-home kueuegov
USER 65532:65532
WORKDIR /work
ENTRYPOINT ["/usr/bin/kueuegov"]
CMD ["--help"]
