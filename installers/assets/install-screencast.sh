#!/usr/bin/env bash
# Installs the screencast receiver on a Debian, Ubuntu or Raspberry Pi OS box, from this server only:
#
#   curl -fsSL __SIGNAGE_SERVER_URL__/install-screencast.sh | sudo bash
#
# The receiver is the source archive the server's operator provided (UxPlay). This script installs
# what it needs at run time (GStreamer, Avahi), checks the archive against the SHA-256 the server
# publishes, builds it with CMake into /usr/local, and removes again the build tools it added.
# The player starts the receiver itself when someone casts; nothing runs until then.
set -euo pipefail

readonly SERVER_URL="__SIGNAGE_SERVER_URL__"
readonly RECEIVER_URL="${SERVER_URL}/api/v1/install/screencast/receiver"
# The program the player starts when someone casts to the screen.
readonly RECEIVER="uxplay"

readonly RUNTIME_PACKAGES=(
  ca-certificates curl tar
  gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-bad gstreamer1.0-libav
  avahi-daemon avahi-utils
)
readonly BUILD_PACKAGES=(
  build-essential cmake pkg-config
  libavahi-compat-libdnssd-dev libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev libplist-dev libssl-dev
)

fail() {
  echo "install-screencast.sh: $*" >&2
  exit 1
}

[ "$(id -u)" -eq 0 ] || fail "run it as root: curl -fsSL ${SERVER_URL}/install-screencast.sh | sudo bash"
command -v apt-get >/dev/null 2>&1 || fail "this installer needs a Debian-family system (apt-get)"
command -v curl >/dev/null 2>&1 || fail "curl is required"

# Before installing anything: a server without a receiver has nothing to give.
if ! expected_sha256="$(curl -fsS "${RECEIVER_URL}.sha256")"; then
  fail "${SERVER_URL} holds no screencast receiver yet. Its operator provides one with: npm run cli -- installers set-screencast-receiver <file.tar.gz>"
fi
expected_sha256="$(printf '%s' "${expected_sha256}" | tr -d '[:space:]')"
[[ "${expected_sha256}" =~ ^[0-9a-f]{64}$ ]] || fail "the server published no usable SHA-256 for the receiver"

export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${RUNTIME_PACKAGES[@]}"

work="$(mktemp -d)"
trap 'rm -rf -- "${work}"' EXIT

echo "Downloading the screencast receiver..."
curl -fSL --progress-bar -o "${work}/receiver.tar.gz" "${RECEIVER_URL}"
actual_sha256="$(sha256sum "${work}/receiver.tar.gz" | cut -d' ' -f1)"
[ "${actual_sha256}" = "${expected_sha256}" ] || fail "the download's SHA-256 is ${actual_sha256}, not ${expected_sha256} as the server said; nothing was built"

mkdir "${work}/source"
tar -xzf "${work}/receiver.tar.gz" -C "${work}/source"
# A source archive holds one top folder (UxPlay-1.73.6/); build in it, or in the archive's root.
source_dir="${work}/source"
entries=("${source_dir}"/*)
if [ "${#entries[@]}" -eq 1 ] && [ -d "${entries[0]}" ]; then
  source_dir="${entries[0]}"
fi
[ -f "${source_dir}/CMakeLists.txt" ] || fail "the receiver archive holds no CMake project (CMakeLists.txt)"

# Only the build tools this run adds are removed afterwards: a box that had them keeps them.
installed_packages() {
  dpkg-query -W -f='${binary:Package}\n' | sed 's/:.*//' | sort -u
}
installed_packages >"${work}/before"
apt-get install -y --no-install-recommends "${BUILD_PACKAGES[@]}"
installed_packages >"${work}/after"
mapfile -t added < <(comm -13 "${work}/before" "${work}/after")

cmake -S "${source_dir}" -B "${work}/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr/local
cmake --build "${work}/build" --parallel "$(nproc)"
cmake --install "${work}/build"
hash -r

command -v "${RECEIVER}" >/dev/null 2>&1 || fail "the build installed no ${RECEIVER} program; the player needs it on PATH"
receiver_path="$(command -v "${RECEIVER}")"

# Packages holding a library the receiver links against stay, whatever brought them in.
linked_packages() {
  # dpkg -S fails for a file no package owns; the files it does know still count.
  ldd "${receiver_path}" | awk '$3 ~ /^\// { print $3 }' | xargs -r realpath | xargs -r dpkg -S 2>/dev/null | cut -d: -f1 | sort -u || true
}
linked_packages >"${work}/linked"
mapfile -t removable < <(printf '%s\n' "${added[@]}" | sed '/^$/d' | sort -u | comm -23 - "${work}/linked")
if [ "${#removable[@]}" -gt 0 ]; then
  echo "Removing the ${#removable[@]} build packages this run added..."
  apt-get purge -y "${removable[@]}" >/dev/null || echo "Warning: the build packages could not be removed; they are safe to remove by hand." >&2
fi

if missing="$(ldd "${receiver_path}" | grep "not found")"; then
  fail "${RECEIVER} misses libraries after the build tools were removed: $(printf '%s' "${missing}" | tr -s ' \t\n' ' ')"
fi

# Avahi announces the screen to phones and laptops while the player lets someone cast.
systemctl enable --now avahi-daemon.service

echo "The screencast receiver is installed: $(command -v "${RECEIVER}") (SHA-256 ${expected_sha256} of the archive)."
