// The web GUI, embedded in the binary.

package server

import (
	"io/fs"
	"net/http"

	"github.com/reversi-engine/reversi/web"
)

func (s *Server) webRoutes() {
	static, _ := fs.Sub(web.Files, "static")
	files := http.FileServerFS(static)
	index := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeFileFS(w, r, static, "index.html")
	}
	s.mux.HandleFunc("GET /{$}", index)
	s.mux.HandleFunc("GET /game/{id}", index)
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", files))
}
