// A bot for reversi's game server in C++17, with libcurl (HTTP) and
// nlohmann/json (JSON), the usual libraries for both.
//
// It creates a game against a built-in player (or joins a game by its id,
// seat token and colour), and at each of its turns plays the legal move
// that leaves the opponent the fewest replies (ties: corners first), until
// the game ends. It speaks the server's HTTP API (docs/API.md) alone.
//
//   g++ -std=c++17 -O2 -o bot examples/bot-cpp/bot.cpp -lcurl
//   ./bot --server http://127.0.0.1:8080 --opponent random
//   ./bot --server URL --game ID --token TOKEN --colour white
//
// With a bot account's API key (--key, or REVERSI_API_KEY) it plays in the
// lobby instead: it declares what it accepts (--accept classes, --rated,
// --casual, --max-games at once), and plays every game GET
// /api/account/games gives it, by its key, until --games have ended (0:
// forever):
//
//   ./bot --server URL --key rvk_... --accept blitz,rapid --casual
//
// It prints the game's address, each move it plays and the result, and
// exits 0 at the end of the game, 1 on an error (with the server's
// message), 2 on bad arguments.

#include <curl/curl.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using json = nlohmann::json;

namespace {

size_t collect(char* data, size_t size, size_t n, void* out) {
  static_cast<std::string*>(out)->append(data, size * n);
  return size * n;
}

size_t header(char* data, size_t size, size_t n, void* out) {
  std::string line(data, size * n);
  const std::string name = "retry-after:";
  std::string lower = line;
  std::transform(lower.begin(), lower.end(), lower.begin(), ::tolower);
  if (lower.rfind(name, 0) == 0) *static_cast<long*>(out) = std::atol(line.c_str() + name.size());
  return size * n;
}

// call sends a JSON request and returns the decoded answer. Told to slow
// down (429, the server's rate limit), it waits as asked and tries again.
json call(const std::string& method, const std::string& url, const json* body = nullptr, const std::string& key = "") {
  for (;;) {
    CURL* curl = curl_easy_init();
    if (!curl) throw std::runtime_error("curl_easy_init failed");
    std::string answer, payload;
    long retry = 1, status = 0;
    curl_slist* headers = nullptr;
    curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
    curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method.c_str());
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &answer);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, header);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &retry);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, 60L);
    const std::string auth = "Authorization: Bearer " + key;
    if (!key.empty()) headers = curl_slist_append(headers, auth.c_str());  // the bot account's
    if (body) {
      payload = body->dump();
      headers = curl_slist_append(headers, "Content-Type: application/json");  // the server takes only JSON
      curl_easy_setopt(curl, CURLOPT_POSTFIELDS, payload.c_str());
    }
    if (headers) curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    CURLcode rc = curl_easy_perform(curl);
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
    if (rc != CURLE_OK) throw std::runtime_error(method + " " + url + ": " + curl_easy_strerror(rc));
    if (status == 429) {
      std::this_thread::sleep_for(std::chrono::seconds(std::max(1L, retry)));
      continue;
    }
    json j = json::parse(answer, nullptr, false);
    if (status >= 300) {
      // "code" names the error for a program (docs/API.md, "Error codes"),
      // "error" says it in English for people.
      std::string message = j.is_object() && j.contains("error") ? j["error"].get<std::string>() : answer;
      std::string code = j.is_object() && j.contains("code") ? j["code"].get<std::string>() : "";
      throw std::runtime_error(method + " " + url + ": " + std::to_string(status) + " " + code + ": " + message);
    }
    if (j.is_discarded()) throw std::runtime_error(method + " " + url + ": the answer is not JSON");
    return j;
  }
}

// The board: 64 cells from A1 to H8, row by row: 'X' black, 'O' white, '-' empty.
using Board = std::string;

int index(const std::string& sq) { return (sq[1] - '1') * 8 + (std::toupper(sq[0]) - 'A'); }

const int dirs[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};

// play makes who's move at i on b, if it flips a disc, and reports whether it did.
bool play(Board& b, int i, char who) {
  char other = who == 'X' ? 'O' : 'X';
  bool any = false;
  for (auto& d : dirs) {
    int c = i % 8 + d[0], r = i / 8 + d[1];
    std::vector<int> line;
    while (c >= 0 && c < 8 && r >= 0 && r < 8 && b[r * 8 + c] == other) {
      line.push_back(r * 8 + c);
      c += d[0], r += d[1];
    }
    if (!line.empty() && c >= 0 && c < 8 && r >= 0 && r < 8 && b[r * 8 + c] == who) {
      for (int k : line) b[k] = who;
      any = true;
    }
  }
  if (any) b[i] = who;
  return any;
}

int mobility(const Board& b, char who) {
  int n = 0;
  for (int i = 0; i < 64; i++) {
    Board t = b;
    if (b[i] == '-' && play(t, i, who)) n++;
  }
  return n;
}

std::string choose(const json& state, const std::string& colour) {
  char me = colour == "black" ? 'X' : 'O', other = me == 'X' ? 'O' : 'X';
  Board board = state["board"].get<std::string>().substr(0, 64);
  std::string best;
  int bestScore = 1 << 30;
  for (const auto& m : state["legal"]) {
    std::string sq = m.get<std::string>();
    Board after = board;
    play(after, index(sq), me);
    bool corner = sq == "A1" || sq == "H1" || sq == "A8" || sq == "H8";
    int score = 2 * mobility(after, other) + (corner ? 0 : 1);
    if (score < bestScore) bestScore = score, best = sq;
  }
  return best;
}

int usage(const std::string& why) {
  std::cerr << "bot: " << why << "\nusage: bot [--server URL] [--opponent SPEC] [--name NAME] [--game ID --token TOKEN --colour black|white]\n"
            << "       bot [--server URL] --key KEY [--accept CLASSES] [--rated] [--casual] [--max-games N] [--games N]\n";
  return 2;
}

// Lobby is what the bot accepts in the lobby, and how long it plays.
struct Lobby {
  std::string key, accept = "blitz,rapid,classical";
  bool rated = false, casual = false;
  int maxGames = 1, games = 0;
};

// lobby plays in the lobby as the bot account of l.key: it declares what
// it accepts, then plays its games as they come, until l.games have
// ended (0: forever).
int lobby(const std::string& server, const Lobby& l) {
  json classes = json::array();
  for (size_t from = 0; from <= l.accept.size();) {
    size_t comma = l.accept.find(',', from);
    if (comma == std::string::npos) comma = l.accept.size();
    if (comma > from) classes.push_back(l.accept.substr(from, comma - from));
    from = comma + 1;
  }
  json rule = {{"classes", classes}, {"rated", l.rated}, {"casual", l.casual || !l.rated}, {"max_games", l.maxGames}};
  json got = call("PUT", server + "/api/account/accepts", &rule, l.key);
  std::cout << "accepting";
  for (const auto& c : got["classes"]) std::cout << " " << c.get<std::string>();
  std::cout << (got["rated"].get<bool>() ? " rated" : "") << (got["casual"].get<bool>() ? " casual" : "") << std::endl;
  std::vector<std::string> playing;
  int ended = 0;
  while (l.games == 0 || ended < l.games) {
    // Polling keeps the bot online: the server accepts offers for it.
    json mine = call("GET", server + "/api/account/games", nullptr, l.key)["games"];
    std::vector<std::string> now;
    for (const auto& g : mine) now.push_back(g["id"].get<std::string>());
    for (const auto& id : playing) {
      if (std::find(now.begin(), now.end(), id) != now.end()) continue;
      json r = call("GET", server + "/api/games/" + id).value("result", json::object());  // ended since the last poll
      std::cout << "game " << id << " over: " << r.value("winner", "?") << " wins (" << r.value("reason", "") << "), board "
                << r.value("black", 0) << "-" << r.value("white", 0) << std::endl;
      ended++;
    }
    for (const auto& id : now)
      if (std::find(playing.begin(), playing.end(), id) == playing.end()) std::cout << "game " << id << ": " << server << "/game/" << id << std::endl;
    playing = now;
    for (const auto& g : mine) {
      if (!g.value("to_move", false)) continue;
      std::string id = g["id"].get<std::string>(), colour = g["color"].get<std::string>();
      json state = call("GET", server + "/api/games/" + id);
      if (state["status"] == "finished" || state.value("turn", "") != colour || !state.contains("legal") || state["legal"].empty()) continue;
      std::string move = choose(state, colour);
      json req = {{"move", move}};
      try {
        call("POST", server + "/api/games/" + id + "/move", &req, l.key);
        std::cout << "game " << id << ": played " << move << std::endl;
      } catch (const std::runtime_error& e) {
        // Not our turn any more (a pass, the game's end): the next poll sees.
        if (std::string(e.what()).find(": 409 ") == std::string::npos) throw;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string server = "http://127.0.0.1:8080", opponent = "random", name = "bot-cpp", game, token, colour;
  Lobby l;
  if (const char* k = std::getenv("REVERSI_API_KEY")) l.key = k;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    if (a == "--rated" || a == "--casual") {
      (a == "--rated" ? l.rated : l.casual) = true;
      continue;
    }
    if (i + 1 >= argc) return usage(a + " needs a value");
    std::string v = argv[++i];
    if (a == "--server") server = v;
    else if (a == "--opponent") opponent = v;
    else if (a == "--name") name = v;
    else if (a == "--game") game = v;
    else if (a == "--token") token = v;
    else if (a == "--colour") colour = v;
    else if (a == "--key") l.key = v;
    else if (a == "--accept") l.accept = v;
    else if (a == "--max-games") l.maxGames = std::atoi(v.c_str());
    else if (a == "--games") l.games = std::atoi(v.c_str());
    else return usage("unknown option " + a);
  }
  if (!game.empty() && (token.empty() || (colour != "black" && colour != "white")))
    return usage("--game needs --token and --colour black|white");
  while (!server.empty() && server.back() == '/') server.pop_back();
  curl_global_init(CURL_GLOBAL_DEFAULT);
  try {
    if (!l.key.empty()) return lobby(server, l);
    if (game.empty()) {
      json req = {{"black", {{"kind", "bot"}, {"name", name}}}, {"white", {{"kind", "builtin"}, {"spec", opponent}}}};
      json created = call("POST", server + "/api/games", &req);
      game = created["id"].get<std::string>();
      token = created["tokens"]["black"].get<std::string>();
      colour = "black";
    }
    std::cout << "game " << game << ": " << server << "/game/" << game << std::endl;
    for (;;) {
      json state = call("GET", server + "/api/games/" + game);
      if (state["status"] == "finished") {
        const json& r = state["result"];
        std::cout << "game over: " << r["winner"].get<std::string>() << " wins (" << r.value("reason", "") << "), board "
                  << r["black"].get<int>() << "-" << r["white"].get<int>() << std::endl;
        return 0;
      }
      if (state.value("turn", "") != colour || !state.contains("legal") || state["legal"].empty()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the opponent thinks, or a pass comes
        continue;
      }
      std::string move = choose(state, colour);
      json req = {{"token", token}, {"move", move}};
      call("POST", server + "/api/games/" + game + "/move", &req);
      std::cout << "played " << move << std::endl;
    }
  } catch (const std::exception& e) {
    std::cerr << "bot: " << e.what() << std::endl;
    return 1;
  }
}
