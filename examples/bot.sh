#!/usr/bin/env bash
# A tiny bot for reversi's game server, in shell with curl and jq: it creates a
# game against a built-in player and plays the first legal move of each turn.
#   bash examples/bot.sh [server] [opponent]
set -euo pipefail
server=${1:-http://127.0.0.1:8080}
opponent=${2:-random}
json=(-H 'Content-Type: application/json') # the server takes only JSON bodies
game=$(curl -sf --retry 5 -X POST "$server/api/games" "${json[@]}" \
  -d "{\"black\":{\"kind\":\"bot\",\"name\":\"bot.sh\"},\"white\":{\"kind\":\"builtin\",\"spec\":\"$opponent\"}}")
id=$(jq -r .id <<<"$game")
token=$(jq -r .tokens.black <<<"$game")
echo "game $id: $server/game/$id"
while true; do
  state=$(curl -sf --retry 5 "$server/api/games/$id")
  status=$(jq -r .status <<<"$state")
  if [ "$status" = finished ]; then
    jq -r '"game over: \(.result.winner) wins (\(.result.reason)), board \(.result.black)-\(.result.white)"' <<<"$state"
    exit 0
  fi
  # Not our turn, or no move: the opponent thinks, or the server is about to pass for us.
  if [ "$(jq -r '.turn == "black" and (.legal | length > 0)' <<<"$state")" != true ]; then sleep 0.05; continue; fi
  move=$(jq -r '.legal[0]' <<<"$state")
  curl -sf --retry 5 -X POST "$server/api/games/$id/move" "${json[@]}" -d "{\"token\":\"$token\",\"move\":\"$move\"}" >/dev/null
  echo "played $move"
done
