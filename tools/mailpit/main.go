// Command mailpit is Mailpit, the local mail catcher of development and the tests: an SMTP
// server that keeps every message it is sent, and a web UI and HTTP API to read them.
//
// It runs Mailpit's own command with one addition: when its standard input is a pipe (or a
// socket, which is what Node.js makes of a child's stdin 'pipe'), it stops once that closes,
// so it never outlives the server or test that started it, even one killed with SIGKILL
// (tools/ferretdb stops the same way). Started from a terminal, or with its input from
// /dev/null, it runs as Mailpit always does.
package main

import (
	"io"
	"os"
	"syscall"

	"github.com/axllent/mailpit/cmd"
)

func main() {
	if stdinIsPipe() {
		go func() {
			// The parent holds our stdin open; EOF means it is gone. SIGTERM takes Mailpit's
			// own way out, which closes its database before exiting.
			_, _ = io.Copy(io.Discard, os.Stdin)
			_ = syscall.Kill(os.Getpid(), syscall.SIGTERM)
		}()
	}
	cmd.Execute()
}

func stdinIsPipe() bool {
	info, err := os.Stdin.Stat()
	return err == nil && info.Mode()&(os.ModeNamedPipe|os.ModeSocket) != 0
}
