S Dogs bark loudly !
A 2 3|||R:ADV|||loud|||REQUIRED|||-NONE-|||0

S Hello world
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
