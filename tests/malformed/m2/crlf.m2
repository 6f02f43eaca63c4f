S The cat sat on mat .
A 4 4|||M:DET|||the|||REQUIRED|||-NONE-|||0

S It ran away .
A 1 2|||R:VERB|||runs|||REQUIRED|||-NONE-|||0
