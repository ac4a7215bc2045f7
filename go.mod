module github.com/reversi-engine/reversi

go 1.26
