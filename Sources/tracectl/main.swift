print("tracectl")
