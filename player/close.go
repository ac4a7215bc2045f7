// Closing the players that hold resources.

package player

// Close closes p if it holds resources (an external engine's process, its
// threads): if it has a Close method, Close calls it and returns its
// error; otherwise it does nothing.
func Close(p Player) error {
	if c, ok := p.(interface{ Close() error }); ok {
		return c.Close()
	}
	return nil
}
