S The cat sat on mat . It ran away .
A 4 4|||M:DET|||the|||REQUIRED|||-NONE-|||0
A 7 8|||R:VERB|||runs|||REQUIRED|||-NONE-|||0
