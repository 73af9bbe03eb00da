"""`python -m festival.sample`: play a new sample festival with the bots, rewrite its workbooks."""

from festival.sample.play import main

main()
