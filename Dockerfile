# progress-render in a container: goldens rendered here are the same on every machine, Linux or
# macOS, because cairo, pango and the fonts are pinned (scripts/packages/runtime.txt).
#
#   docker build -t progress-render .
#   docker run --rm --user "$(id -u):$(id -g)" -v "$PWD:/work" -w /work progress-render --style wave --out w.gif
#
# Two stages: the Swift toolchain image builds a release binary with the Swift runtime linked in
# (--static-swift-stdlib); a slim Debian 12 image carries only the C libraries it links, fontconfig
# and the pinned fonts. scripts/chroot-proof installs the same runtime list into a bare Debian 12
# root and renders and diffs every preset there, where no container engine runs.

ARG SWIFT_IMAGE=swift:6.3-bookworm
ARG RUNTIME_IMAGE=debian:12-slim

FROM ${SWIFT_IMAGE} AS build
WORKDIR /src
COPY scripts/packages/build.txt scripts/packages/build.txt
# The list's lines without comments (and, for build.txt, without versions: it pins none).
RUN apt-get update -qq \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    $(sed 's/#.*//' scripts/packages/build.txt) \
  && rm -rf /var/lib/apt/lists/*
COPY Package.swift ./
COPY Sources Sources
COPY Plugins Plugins
COPY Resources Resources
COPY Examples/CustomTimeline Examples/CustomTimeline
COPY Tests Tests
RUN swift build -c release --static-swift-stdlib --product progress-render \
  && install -D -m 755 .build/release/progress-render /out/progress-render

FROM ${RUNTIME_IMAGE} AS runtime
COPY scripts/packages/runtime.txt /tmp/runtime.txt
RUN apt-get update -qq \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    $(sed 's/#.*//' /tmp/runtime.txt) \
  && rm -rf /var/lib/apt/lists/* /tmp/runtime.txt \
  && fc-cache -f
COPY --from=build /out/progress-render /usr/local/bin/progress-render
WORKDIR /work
ENTRYPOINT ["progress-render"]
