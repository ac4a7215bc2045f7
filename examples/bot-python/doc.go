// Package botpython holds the test of the Python example bot (bot.py):
// it plays a whole game against a real server. The bot itself is Python,
// standard library only; see the docstring of bot.py.
package botpython
