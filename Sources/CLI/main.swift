print("progress-render")
