#!/usr/bin/env bash
# Installs the signage player on a Debian, Ubuntu or Raspberry Pi OS box, from this server only:
#
#   curl -fsSL __SIGNAGE_SERVER_URL__/install.sh | sudo bash
#
# It downloads the newest Linux player this server holds, checks its SHA-256, puts it in the kiosk
# account's home, installs the player's systemd user service with this server's address, and
# enables and starts it. Running it again upgrades the player in place and repairs the service.
set -euo pipefail

readonly SERVER_URL="__SIGNAGE_SERVER_URL__"
# The names the stock Linux player manages itself (its autostart commands) and reads at start.
readonly UNIT_NAME="tilecast-player.service"
readonly SERVER_URL_VARIABLE="TILECAST_SERVER_URL"

kiosk_user=""
create_user=0
with_screencast=1

usage() {
  cat <<'USAGE'
Usage: install.sh [--user NAME] [--create-user] [--without-screencast]

  --user NAME           The kiosk account the player runs as (default: the account that ran
                        sudo, or "signage").
  --create-user         Create that account when it does not exist.
  --without-screencast  Do not install the screencast receiver.
USAGE
}

fail() {
  echo "install.sh: $*" >&2
  exit 1
}

while [ "$#" -gt 0 ]; do
  case "$1" in
    --user)
      [ "$#" -ge 2 ] || fail "--user needs an account name"
      kiosk_user="$2"
      shift 2
      ;;
    --create-user) create_user=1; shift ;;
    --without-screencast) with_screencast=0; shift ;;
    --help) usage; exit 0 ;;
    *) usage >&2; fail "unknown option $1" ;;
  esac
done

[ "$(id -u)" -eq 0 ] || fail "run it as root: curl -fsSL ${SERVER_URL}/install.sh | sudo bash"
for tool in curl sha256sum systemctl loginctl runuser; do
  command -v "${tool}" >/dev/null 2>&1 || fail "${tool} is required"
done
if [ "$(uname -m)" != "x86_64" ]; then
  echo "Warning: the player is built for x86_64 and this machine is $(uname -m); it may not start." >&2
fi

# Settle the account before writing anything, so a typo stops the install here.
kiosk_user="${kiosk_user:-${SUDO_USER:-signage}}"
[ "${kiosk_user}" != "root" ] || fail "the player runs as an unprivileged account, not root: pass --user NAME"
if ! id "${kiosk_user}" >/dev/null 2>&1; then
  [ "${create_user}" -eq 1 ] || fail "there is no account ${kiosk_user}: pass --user NAME, or --create-user to create it"
  useradd --create-home --shell /bin/bash "${kiosk_user}"
  echo "Created the account ${kiosk_user}."
fi
kiosk_home="$(getent passwd "${kiosk_user}" | cut -d: -f6)"
if [ -z "${kiosk_home}" ] || [ ! -d "${kiosk_home}" ]; then
  fail "the home folder of ${kiosk_user} was not found"
fi
kiosk_uid="$(id -u "${kiosk_user}")"
kiosk_gid="$(id -g "${kiosk_user}")"

echo "Installing the signage player for ${kiosk_user} from ${SERVER_URL}"

# The release this server hands out: its version and the checksum the download must match.
if ! release="$(curl -fsS "${SERVER_URL}/api/v1/install/linux")"; then
  fail "${SERVER_URL} has no Linux player to hand out yet. In the console, open Settings > Player releases and download or upload a Linux release, then run this again."
fi
# The answer is one line of JSON whose text fields hold no quotes: sed finds them without jq.
json_text() {
  printf '%s' "${release}" | sed -n "s/.*\"$1\":\"\([^\"]*\)\".*/\1/p"
}
version="$(json_text versionName)"
expected_sha256="$(json_text sha256)"
artifact_url="$(json_text artifactUrl)"
[[ "${expected_sha256}" =~ ^[0-9a-f]{64}$ ]] || fail "the server reported no usable SHA-256 for the release"
[ -n "${artifact_url}" ] || fail "the server reported no download address for the release"

player_dir="${kiosk_home}/signage"
player="${player_dir}/signage-player.AppImage"
install -d -o "${kiosk_uid}" -g "${kiosk_gid}" -m 0755 "${player_dir}"
# Downloaded next to its final place, so the move below replaces the player in one step.
download="$(mktemp "${player_dir}/.signage-player.XXXXXX")"
trap 'rm -f -- "${download}"' EXIT

echo "Downloading player ${version}..."
curl -fSL --progress-bar -o "${download}" "${artifact_url}"
actual_sha256="$(sha256sum "${download}" | cut -d' ' -f1)"
[ "${actual_sha256}" = "${expected_sha256}" ] || fail "the download's SHA-256 is ${actual_sha256}, not ${expected_sha256} as the server said; nothing was installed"
chown "${kiosk_uid}:${kiosk_gid}" "${download}"
chmod 0755 "${download}"
mv -f -- "${download}" "${player}"
trap - EXIT
echo "Installed ${player} (${version})."

# The user service, with this server's address, so the box shows its pairing code at first start.
unit_dir="${kiosk_home}/.config/systemd/user"
for dir in "${kiosk_home}/.config" "${kiosk_home}/.config/systemd" "${unit_dir}" "${unit_dir}/${UNIT_NAME}.d"; do
  install -d -o "${kiosk_uid}" -g "${kiosk_gid}" -m 0755 "${dir}"
done
curl -fsS -o "${unit_dir}/${UNIT_NAME}" "${SERVER_URL}/install/player.service"
printf '[Service]\nEnvironment=%s=%s\n' "${SERVER_URL_VARIABLE}" "${SERVER_URL}" >"${unit_dir}/${UNIT_NAME}.d/10-server.conf"
chown "${kiosk_uid}:${kiosk_gid}" "${unit_dir}/${UNIT_NAME}" "${unit_dir}/${UNIT_NAME}.d/10-server.conf"

# Linger starts the account's service manager at boot, without anyone signing in.
loginctl enable-linger "${kiosk_user}"
as_kiosk() {
  runuser -u "${kiosk_user}" -- env "XDG_RUNTIME_DIR=/run/user/${kiosk_uid}" "DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/${kiosk_uid}/bus" "$@"
}
service="not enabled yet: it is enabled at the next run of this script once ${kiosk_user} has signed in"
if as_kiosk systemctl --user daemon-reload; then
  if ! as_kiosk systemctl --user enable "${UNIT_NAME}"; then
    service="not enabled: systemctl --user enable ${UNIT_NAME} failed (see above)"
  # Restart, not start: after an upgrade the new player must replace the running one.
  elif as_kiosk systemctl --user restart "${UNIT_NAME}"; then
    service="enabled and started"
  else
    service="enabled; it starts with the graphical session"
  fi
fi

screencast="skipped (--without-screencast)"
if [ "${with_screencast}" -eq 1 ]; then
  # Optional: the player runs without it, so its failure never fails this install.
  if ! curl -fsS -o /dev/null "${SERVER_URL}/api/v1/install/screencast/receiver.sha256"; then
    screencast="not installed: ${SERVER_URL} holds no screencast receiver yet"
  elif curl -fsSL "${SERVER_URL}/install-screencast.sh" | bash; then
    screencast="installed"
  else
    screencast="failed; the player runs without it. Again: curl -fsSL ${SERVER_URL}/install-screencast.sh | sudo bash"
  fi
fi

cat <<SUMMARY

The signage player is installed.
  Account:     ${kiosk_user}
  Player:      ${player} (${version})
  Server:      ${SERVER_URL}
  Service:     ${UNIT_NAME}, ${service}
  Screencast:  ${screencast}
Pair the screen in the console: ${SERVER_URL}/screens
SUMMARY
