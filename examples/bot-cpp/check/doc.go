// Package check holds the test of the C++ example bot (../bot.cpp): it is
// compiled with g++ against libcurl and nlohmann/json and plays a whole
// game against a real server, and one the lobby finds for it by a bot
// account's key (Go builds no C++ in a package folder, so
// the test lives here). See the comment at the top of bot.cpp.
package check
